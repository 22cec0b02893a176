from tests.helpers import game, player


def test_score_api_answers_the_spec_example(client):
    doc = game(player("Ada", "alexandria", stages=3,
                      cards=["altar", "aqueduct", "town-hall", "chamber-of-commerce", "loom",
                             "glassworks"], coins=14, victory_1=1, victory_3=1, victory_5=1,
                      defeat=3),
               player("Bob", "gizah"), player("Cy", "rhodes"), player("Di", "babylon"))
    answer = client.post("/api/v1/score", json=doc)
    assert answer.status_code == 200
    ada = answer.json["players"][0]
    assert ada["scores"] == {"military": 6, "coins": 4, "wonder": 10, "civilian": 13,
                             "science": 0, "commercial": 4, "guilds": 0}
