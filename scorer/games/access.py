"""Who may do what with a saved game: the one check the pages and the JSON API share.

A game's link is the key the table shares: whoever has it may view the game and enter cities.
Only the browser that created a game may change its set-up or delete it, and each browser's
history lists only the games it created or opened.

- Each browser gets a **device key**: a random 256-bit value in the ``device`` cookie
  (HttpOnly, SameSite=Lax, Secure with ``SESSION_COOKIE_SECURE``), renewed on use.
- A game's **owner token** is HMAC-SHA256(device key, salt) with a random salt per game. The
  game row stores only ``v1$<salt>$<sha256 of the token>`` (``owner_token_hash``), so neither
  the database nor a backup holds anything that proves ownership.
- The owner can show a **hand-over link** carrying the token; the browser that opens it and
  confirms becomes the owner (the hash is replaced by one for its own device key, so the link
  then stops working). The instance owner can make such a link for any game with
  ``flask hand-over GAME_ID`` (:mod:`scorer.games.hand_over`).
- The **history** is a cookie signed with the app's secret key (kept in ``instance/``, so it
  survives a restart) holding the ids of the last games this browser created or opened.

Games without an owner hash (saved before owners existed, or restored from an old backup) have
no owner: nobody may change their set-up or delete them through the pages or the API (anyone
with their link once could, which is what owners are for) until the instance owner hands them
to a browser with ``flask hand-over``. Viewing them and entering cities work as for any game.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

from flask import Flask, Response, abort, current_app, g, request

from .. import storage
from ..safety import limits, signed_cookies
from ..safety.headers import cookie_flags
from ..safety.signed_cookies import COOKIE_AGE

#: "create" a game, "view" it, "enter" a city, change the "setup", "delete" it
ACTIONS = ("create", "view", "enter", "setup", "delete")
OWNER_ACTIONS = ("setup", "delete")
#: what a locked game refuses to everyone, its owner included, until the owner unlocks it
LOCKED_ACTIONS = ("enter", "setup")
#: the header an API client sends its game's owner token in
TOKEN_HEADER = "X-Owner-Token"
DEVICE_COOKIE = "device"
HISTORY_COOKIE = "games"
HISTORY_SALT = "scorer.history"
#: the history cookie's length: 100 ids of 22 characters stay far below a cookie's 4 KB
HISTORY_SIZE = 100
KEY = re.compile(r"[A-Za-z0-9_-]{43}")
GAME_ID = storage.PUBLIC_ID
HASH_VERSION = "v1"


# --- the device key and owner tokens ------------------------------------------------------

def device_key(create: bool = False) -> str | None:
    """This browser's key (a new one, sent with the answer, when ``create`` and it has none)."""
    if "device_key" not in g:
        g.device_key = sent_key(request.cookies.get(DEVICE_COOKIE, ""))
    if g.device_key is None and create:
        g.device_key = secrets.token_urlsafe(32)
        g.send_device = True
    return g.device_key


def sent_key(sent: str) -> str | None:
    """The ``device`` cookie's value as sent, when it is a device key."""
    return sent if KEY.fullmatch(sent) else None


def owner_token(key: str, salt: str) -> str:
    digest = hmac.new(key.encode("ascii"), salt.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def hashed(salt: str, token: str) -> str:
    return f"{HASH_VERSION}${salt}${hashlib.sha256(token.encode('ascii')).hexdigest()}"


def owner_of(key: str) -> tuple[str, str]:
    """A new owner token for the device ``key`` (with a fresh salt) and the hash to store."""
    salt = secrets.token_urlsafe(12)
    token = owner_token(key, salt)
    return token, hashed(salt, token)


def keyed_owner(key: str) -> str:
    """The owner key of a game a program created with ``Idempotency-Key: key`` and no device
    cookie: derived from the key with the app's secret, so the retried request's answer carries
    the same owner token as the first one (whoever holds the key made the request)."""
    secret = current_app.secret_key
    secret = secret.encode("utf-8") if isinstance(secret, str) else secret
    digest = hmac.new(secret, f"idempotency:{key}".encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def token_for(saved, key: str) -> str | None:
    """The owner token ``key`` gives for ``saved``, if ``key`` still owns it."""
    salt = _salt(saved)
    if salt is None:
        return None
    token = owner_token(key, salt)
    return token if token_matches(saved, token) else None


def new_owner_hash() -> str:
    """The ``owner_token_hash`` for a game this browser creates now."""
    return owner_of(device_key(create=True))[1]


def minted_owner() -> tuple[str, str]:
    """A fresh owner token and the hash to store for it, bound to no browser: the link of
    ``flask hand-over`` carries the token, and the browser confirming it becomes the owner."""
    return owner_of(secrets.token_urlsafe(32))


def api_owner_hash() -> str:
    """The owner of a game created through the API: the calling browser's device key, or for a
    program without cookies a key made for this answer, which carries the game's owner token
    (``owner_token``) for the program to send back as ``X-Owner-Token``."""
    return new_owner_hash()


NONCE = re.compile(r"[A-Za-z0-9_-]{16}")


def new_nonce() -> str:
    """A new-game page's one-time value (its form sends it back)."""
    device_key(create=True)  # so that a first visit's double tap sends one key twice
    return secrets.token_urlsafe(12)


def valid_nonce(value: object) -> bool:
    return isinstance(value, str) and bool(NONCE.fullmatch(value))


def creation_key(nonce: object) -> str | None:
    """The game's ``creation_key`` for a new-game page sent by this browser (None without a
    valid nonce): a digest of the browser's key and the page's nonce, unique in the table, so
    the same page sent again finds the game it made while another browser's page never does."""
    if not valid_nonce(nonce):
        return None
    token = owner_token(device_key(create=True), f"create:{nonce}")
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _salt(saved) -> str | None:
    stored = getattr(saved, "owner_token_hash", None) or ""
    parts = stored.split("$")
    return parts[1] if len(parts) == 3 and parts[0] == HASH_VERSION else None


def token_matches(saved, token: str) -> bool:
    salt = _salt(saved)
    if salt is None or not isinstance(token, str) or not KEY.fullmatch(token):
        return False
    return hmac.compare_digest(hashed(salt, token), saved.owner_token_hash)


def can_manage(saved) -> bool:
    """Whether this browser created ``saved`` (or had it handed over): set-up and delete."""
    if not getattr(saved, "owner_token_hash", None):
        return False  # a game from before owners: only `flask hand-over` gives it one
    presented = request.headers.get(TOKEN_HEADER, "").strip()
    if presented and token_matches(saved, presented):  # an API client's (or a script's) token
        return True
    return owned_by(saved, device_key())


def owned_by(saved, key: str | None) -> bool:
    """Whether the browser of device ``key`` owns ``saved`` (:func:`can_manage` without a
    token in the request's header)."""
    salt = _salt(saved)
    return key is not None and salt is not None and token_matches(saved, owner_token(key, salt))


def hand_over_token(saved) -> str | None:
    """The token of the hand-over link, for the owner only."""
    if _salt(saved) is None or not can_manage(saved):
        return None
    return owner_token(device_key(), _salt(saved))


def may(action: str, saved) -> bool:
    """Whether the current request may do ``action`` to ``saved`` (None for "create")."""
    if action not in ACTIONS:
        raise ValueError(f"unknown action {action!r}")
    return action not in OWNER_ACTIONS or can_manage(saved)


def require(action: str, saved) -> None:
    """Abort with 403 unless this request may do ``action``; a locked game's refusal is
    :class:`storage.GameLocked`, which the pages and the API answer with its own message."""
    if not may(action, saved):
        abort(403)
    if action in LOCKED_ACTIONS and getattr(saved, "locked", False):
        raise storage.GameLocked(saved.id)


# --- the history -------------------------------------------------------------------------

def remembered() -> list[str]:
    """The ids of the games this browser created or opened, the most recent first."""
    if "history" not in g:
        g.history = history_of(request.cookies.get(HISTORY_COOKIE, ""))
    return g.history


def history_of(sent: str) -> list[str]:
    """:func:`remembered` from the history cookie's value as the browser sent it."""
    value = signed_cookies.read_sent(sent, HISTORY_SALT)
    return [game_id for game_id in value.split(".") if GAME_ID.fullmatch(game_id)][:HISTORY_SIZE]


def first_remembered(sent: str) -> str | None:
    """The game this browser opened last (a page shown puts its game first: :func:`remember`)."""
    return next(iter(history_of(sent)), None)


def remember(game_id: str) -> None:
    ids = remembered()
    if ids[:1] != [game_id] and GAME_ID.fullmatch(game_id):
        g.history = ([game_id] + [other for other in ids if other != game_id])[:HISTORY_SIZE]
        g.history_changed = True


def forget(game_id: str) -> None:
    ids = remembered()
    if game_id in ids:
        g.history = [other for other in ids if other != game_id]
        g.history_changed = True


def send_cookies(response: Response) -> Response:
    if g.get("history_changed"):
        signed_cookies.write(response, HISTORY_COOKIE, HISTORY_SALT, ".".join(g.history))
    if g.get("send_device") or (g.get("history_changed") and g.get("device_key")):
        response.set_cookie(DEVICE_COOKIE, g.device_key, max_age=COOKIE_AGE, **cookie_flags())
    return response


def remember_opened(response: Response) -> Response:
    """A game page shown to this browser puts the game in its history."""
    game_id = (request.view_args or {}).get("game_id")
    if (game_id and request.method == "GET" and response.status_code == 200
            and response.mimetype == "text/html"):
        remember(game_id)
    return send_cookies(response)


def init_app(app: Flask) -> None:
    app.after_request(remember_opened)
    app.extensions[limits.BROWSER_ID] = device_key  # the limits count a browser by its key
    app.jinja_env.globals.update(can_manage=can_manage)
