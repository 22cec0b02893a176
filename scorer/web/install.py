"""Add to home screen: the web app manifest, in the user's language.

A phone reads the manifest to install the app: its name, the icons, the colours of the splash
screen and the browser bar, and that it opens standalone at the home page. The theme colour
is the header's, as in the pages' ``theme-color`` meta (light and dark).
"""

from __future__ import annotations

import json

from flask import Blueprint, current_app, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

bp = Blueprint("install", __name__)

#: the header's colour in the light and the dark scheme (static/app.css: --header)
THEME_COLOURS = {"light": "#123a63", "dark": "#0b2540"}
BACKGROUND = "#123a63"
#: (file under static/icons/, sizes, purpose)
ICONS = (("icon-192.png", "192x192", "any"), ("icon-512.png", "512x512", "any"),
         ("maskable-512.png", "512x512", "maskable"), ("icon.svg", "any", "any"))


@bp.get("/manifest.webmanifest")
def manifest():
    document = {
        "name": _("7 Wonders scorer"),
        "short_name": _("7W scorer"),
        "description": _("Tap in everyone's city after the game and see the score pad, with every "
                         "number explained."),
        "lang": str(get_locale()),
        "id": url_for("index"),
        "start_url": url_for("index"),
        "scope": url_for("index"),
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOURS["light"],
        "background_color": BACKGROUND,
        "icons": [{"src": url_for("static", filename=f"icons/{name}"), "sizes": sizes,
                   "type": "image/svg+xml" if name.endswith(".svg") else "image/png",
                   "purpose": purpose} for name, sizes, purpose in ICONS],
    }
    response = current_app.response_class(json.dumps(document, ensure_ascii=False),
                                          mimetype="application/manifest+json")
    response.vary.update(("Cookie", "Accept-Language"))
    return response

