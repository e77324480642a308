"""The table's words from Python after a keyboard check: the lead prompt
says why the spades are dimmed; Next move, pressed on the learner's turn,
says what it is for; the state says whether the game has the draw."""

from __future__ import annotations

from spadeslib.table import TableSession, table_state

LEAD = "Your turn to lead: any card but a spade (spades are not broken yet)."


def _leads(spec: str, seed: int) -> list[dict]:
    """The states where the learner leads, in one game played by its bots'
    choices for the learner too (the first legal card)."""
    table = TableSession(spec, seed=seed, speed="instant")
    out = []
    for _ in range(200):
        state = table_state(table)
        if table.game.is_over or state["table"]["phase"] == "between":
            break
        if not state["hand"]["playable"]:
            table.bid(3)
            continue
        if not state["trick"]["current"]:
            out.append(state)
        table.play(next(c["code"] for c in state["hand"]["cards"] if c["legal"]))
    return out


def test_the_lead_prompt_says_why_spades_are_dimmed() -> None:
    said = set()
    for seed in range(4):
        for state in _leads("classic", seed):
            cards = state["hand"]["cards"]
            spades = [c for c in cards if c["code"].endswith("S")]
            closed = (
                state["trick"]["spades_broken"] is False
                and spades
                and len(spades) < len(cards)
            )
            if closed:
                assert state["prompt"] == LEAD
                assert not any(c["legal"] for c in spades)
            else:
                assert state["prompt"] != LEAD
            said.add(state["prompt"] == LEAD)
    assert said == {True, False}  # both words were seen


def test_next_move_on_my_turn_says_what_it_is_for() -> None:
    table = TableSession("classic", seed=2024, speed="step")
    for _ in range(20):
        if table.learner_to_move():
            break
        table.step()
    state = table_state(table)
    assert state["unavailable"]["step"] == (
        "Next move is for the bots' turns: it is your turn "
        "(bid with a button, or type the number)."
    )
    table.bid(3)
    for _ in range(20):
        if table.learner_to_move():
            break
        table.step()
    state = table_state(table)
    assert state["unavailable"]["step"].endswith("(play a card with Enter).")
    table.step()  # a bot's turn: Next move is on
    assert table_state(table)["table"]["draw"] is False


def test_the_state_says_whether_the_game_has_the_draw() -> None:
    assert table_state(TableSession("two-player", seed=1))["table"]["draw"] is True
