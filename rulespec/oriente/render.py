"""A readable text picture of an Oriente state, for the REPL and ``rulespec play``."""

from __future__ import annotations

from rulespec.oriente import scoring
from rulespec.oriente.actions import Action, Announce, Draw, Pass
from rulespec.oriente.components import NAMES, describe, points
from rulespec.oriente.state import Phase, State


def _who(state: State) -> str:
    actor = state.current_player
    return f"seat {actor}" if isinstance(actor, int) else actor.name.lower()


def render(state: State) -> str:
    """Several lines: the phase, the table, each seat's resident and victory cards."""
    deck = state.deck
    lines = [
        f"Oriente, {state.players} players, phase {state.phase.value}, to act: {_who(state)}",
        f"  stone: seat {state.stone}; announced: {state.act or '-'}; workers: hut "
        f"{state.hut}, square {state.square}, beside {state.beside()}",
        f"  deck {deck.size()} (top {deck.top}, middle {deck.middle}, bottom {deck.bottom}, "
        f"under {deck.size() - deck.top - deck.middle - deck.bottom}); bonus cards "
        f"{sum(state.bonus)} beside, {sum(state.parked)} under the stone",
    ]
    over = state.is_terminal
    finals = scoring.final_piles(state) if over else state.piles
    for seat in range(state.players):
        card = state.residents[seat]
        name = "-" if card is None else NAMES[card]
        shown = "up" if state.face_up[seat] else "down"
        disc = "disc" if state.discs[seat] else "no disc"
        pile = state.piles[seat]
        score = f"{points(pile)} points"
        if over:  # the resident counts too (oriente.end.score): the state agrees with the scores
            score += f" + resident {points(finals[seat]) - points(pile)} = {points(finals[seat])}"
        lines.append(f"  seat {seat}: {name} ({shown}), {disc}; cards: {describe(pile)} ({score})")
    if over:
        lines.append(f"  {state.outcome().summary()}")
    return "\n".join(lines)


PASS_WORDS = {
    Phase.ANNOUNCE: "pass (announce nothing)",
    Phase.PRIVILEGE: "pass (claim no privilege)",
    Phase.INVITE: "invite nobody more",
    Phase.SUPPORT: "stay out of the fight",
    Phase.JOIN: "stay out of the revolution",
    Phase.PAY: "pay nothing more",
}
"""What a pass means, by the question it answers."""


def describe_action(state: State, action: Action) -> str:
    """``action`` in a player's words, as an answer to the question ``state`` puts: a pass
    says what it declines, a privilege claim says it is one. ``state.describe``, ``explain``
    and the ``rulespec play`` log all read it, so they say the same."""
    if isinstance(action, Pass):
        return PASS_WORDS.get(state.phase, str(action))
    if isinstance(action, Announce) and state.phase is Phase.PRIVILEGE:
        return f"claim the privilege: {action}"
    return str(action)


def narrate(before: State, action: Action, after: State) -> str:
    """What ``action`` did, in words."""
    who = _who(before)
    if isinstance(action, Draw):
        text = f"  chance ({before.phase.value}, seat {before.seat}): {action}"
    else:
        text = f"{who}: {describe_action(before, action)}"
    lines = [text]
    if (
        after.phase is Phase.BONUS
        and before.phase is not Phase.BONUS
        and before.phase is not Phase.RESIDENTS
    ):
        lines.append("  the season ends; discs go back")
    if after.is_terminal:
        lines.append(f"  {after.outcome().summary()}")
    return "\n".join(lines)
