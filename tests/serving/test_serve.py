"""Serving the table: the address the phones open, its QR code, and the invite pages."""

from __future__ import annotations

import io
import re

import pytest
import segno

from scorer import storage
from scorer.serving import lan, serve
from tests.helpers import game, player


def test_lan_address_is_a_usable_ipv4_address():
    address = lan.lan_address()
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", address)
    assert address != "0.0.0.0"


@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                            ("[::1]", True), ("192.168.1.20", False),
                                            ("scorer.example", False), ("0.0.0.0", False)])
def test_loopback_hosts(host, loopback):
    assert lan.is_loopback(host) is loopback


def test_public_url_names_the_lan_address_for_every_interface(monkeypatch):
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.20")
    assert lan.public_url("0.0.0.0", 5000) == "http://192.168.1.20:5000/"
    assert lan.public_url("10.0.0.7", 8080) == "http://10.0.0.7:8080/"
    assert lan.public_url("192.168.1.20", 80) == "http://192.168.1.20/"


def test_announce_prints_the_address_and_a_qr_code_of_it(monkeypatch):
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.20")
    out = io.StringIO()
    url = serve.announce("0.0.0.0", 5000, out)
    assert url == "http://192.168.1.20:5000/"
    text = out.getvalue()
    assert "http://192.168.1.20:5000/" in text
    expected = io.StringIO()
    segno.make(url, error="m").terminal(out=expected, compact=True, border=2)
    assert expected.getvalue() in text


def test_announce_on_loopback_says_the_phones_cannot_reach_it():
    out = io.StringIO()
    serve.announce("127.0.0.1", 5000, out)
    assert "this machine only" in out.getvalue()
    assert "█" not in out.getvalue()


def test_settings_come_from_host_and_port_then_the_defaults():
    assert (serve.settings([], {}).host, serve.settings([], {}).port) == ("0.0.0.0", 5000)
    chosen = serve.settings([], {"HOST": "127.0.0.1", "PORT": "8000"})
    assert (chosen.host, chosen.port) == ("127.0.0.1", 8000)
    assert serve.settings(["--port", "5050"], {"PORT": "8000"}).port == 5050


@pytest.fixture
def game_id(app):
    with app.app_context():
        return storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                        player("Cy", "rhodes")))


def test_invite_shows_the_join_link_as_the_phones_reach_it(client, game_id):
    html = client.get(f"/games/{game_id}/invite", base_url="http://192.168.1.20:5000").get_data(as_text=True)
    link = f"http://192.168.1.20:5000/games/{game_id}/join"
    assert f'href="{link}"' in html
    assert f'<img src="/games/{game_id}/invite.svg"' in html
    assert "<script>" not in html and "style=" not in html


def test_invite_opened_on_the_serving_machine_shows_its_network_address(app, client, game_id):
    app.config["TABLE_URL"] = "http://192.168.1.20:5000/"
    html = client.get(f"/games/{game_id}/invite", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert f"http://192.168.1.20:5000/games/{game_id}/join" in html
    assert "only works on this computer" not in html


def test_invite_warns_when_only_this_machine_can_open_the_link(app, client, game_id, monkeypatch):
    monkeypatch.setattr(lan, "lan_address", lambda: "127.0.0.1")
    html = client.get(f"/games/{game_id}/invite", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert "only works on this computer" in html


def test_qr_code_is_an_svg_of_the_join_link(client, game_id):
    answer = client.get(f"/games/{game_id}/invite.svg", base_url="http://192.168.1.20:5000")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    svg = answer.get_data(as_text=True)
    assert svg.startswith("<svg") and "<script" not in svg
    expected = io.BytesIO()
    segno.make(f"http://192.168.1.20:5000/games/{game_id}/join", error="m").save(
        expected, kind="svg", border=4, omitsize=True, xmldecl=False, svgclass=None, lineclass=None,
        dark="#000", light="#fff")
    assert svg == expected.getvalue().decode()


def test_score_pad_links_to_the_invite(client, game_id):
    assert f'href="/games/{game_id}/invite"' in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_join_offers_each_player_their_city(client, game_id):
    html = client.get(f"/games/{game_id}/join").get_data(as_text=True)
    for name in ("Ada", "Bob", "Cy"):
        assert f"This is me: {name}" in html


@pytest.mark.parametrize("path", ["invite", "invite.svg", "join"])
def test_unknown_game_is_404(client, path):
    assert client.get(f"/games/nope/{path}").status_code == 404
