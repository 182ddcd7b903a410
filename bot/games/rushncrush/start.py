"""Before the race: trading equipment cards (option ``trading``), then each driver picks a
place on the start grid in the drawn order."""

from __future__ import annotations

from bot.games.rushncrush import data
from bot.games.rushncrush.rules import emit, next_turn
from bot.games.rushncrush.state import (
    GRID_LABELS,
    PHASE_GRID,
    Json,
    RncState,
    Trade,
    race_order,
)


# --- trading ------------------------------------------------------------------------------------
def trade_actions(state: RncState, seat: int) -> list[str]:
    trade = state.trade
    assert trade is not None
    cards = state.cars[seat].cards
    actions: list[str] = []
    draft = trade.drafts.get(seat)
    if draft is not None and trade.ready[draft["to"]]:
        actions.append("cancel")  # that seat has finished trading meanwhile
    elif draft is not None and draft["give"] is None:
        actions += [f"give {kind}" for kind in sorted(set(cards))]
        actions.append("cancel")
    elif draft is not None:
        actions += [f"want {kind}" for kind in data.CARD_KINDS if kind != draft["give"]]
        actions.append("cancel")
    elif _offer_from(trade, seat) is not None:
        actions.append("withdraw")
    elif cards:
        actions += [
            f"offer {other}"
            for other in range(state.players)
            if other != seat and not trade.ready[other]
        ]
    for offer in trade.offers:
        if offer["to"] == seat:
            if offer["want"] in cards:
                actions.append(f"accept {offer_words(offer)}")
            actions.append(f"refuse {offer_words(offer)}")
    actions.append("ready")
    return actions


def offer_words(offer: Json) -> str:
    """An offer named by what it is (who offers, the card given, the card wanted): an
    answer clicked on an offer that was since withdrawn and replaced answers nothing."""
    return f"{offer['from']} {offer['give']} {offer['want']}"


def _offer_from(trade: Trade, seat: int) -> Json | None:
    return next((offer for offer in trade.offers if offer["from"] == seat), None)


def old_trade_answer(state: RncState, action: str) -> str:
    """``accept <seat>`` / ``refuse <seat>`` of logs written before offers were named by
    what they are, in today's words for the offer that seat had made then."""
    word, _, rest = action.partition(" ")
    if word not in ("accept", "refuse") or not rest.isdigit() or state.trade is None:
        return action
    offer = _offer_from(state.trade, int(rest))
    return action if offer is None else f"{word} {offer_words(offer)}"


def apply_trade(state: RncState, seat: int, action: str) -> None:
    trade = state.trade
    assert trade is not None
    word, _, rest = action.partition(" ")
    if word == "offer":
        trade.drafts[seat] = {"to": int(rest), "give": None}
    elif word == "give":
        trade.drafts[seat]["give"] = rest
    elif word == "want":
        draft = trade.drafts.pop(seat)
        offer = {"from": seat, "to": draft["to"], "give": draft["give"], "want": rest}
        trade.offers.append(offer)
        emit(state, "trade_offer", seat=seat, to=draft["to"])
    elif word == "cancel":
        trade.drafts.pop(seat)
    elif word == "withdraw":
        trade.offers.remove(_offer_from(trade, seat) or {})
        emit(state, "trade_withdrawn", seat=seat)
    elif word in ("accept", "refuse"):
        offer = next(o for o in trade.offers if offer_words(o) == rest)
        trade.offers.remove(offer)
        if word == "accept":
            _swap(state, offer)
        else:
            emit(state, "trade_refused", seat=seat, to=offer["from"])
    else:
        _get_ready(state, seat)


def _swap(state: RncState, offer: Json) -> None:
    giver, taker = state.cars[offer["from"]], state.cars[offer["to"]]
    giver.cards.remove(offer["give"])
    taker.cards.remove(offer["want"])
    giver.cards = sorted([*giver.cards, offer["want"]])
    taker.cards = sorted([*taker.cards, offer["give"]])
    emit(state, "trade", seat=offer["from"], to=offer["to"])
    for seat, gave, got in (
        (giver.seat, offer["give"], offer["want"]),
        (taker.seat, offer["want"], offer["give"]),
    ):
        emit(state, "trade_cards", private_to=seat, seat=seat, gave=gave, got=got)
    trade = state.trade
    assert trade is not None
    trade.offers = [o for o in trade.offers if o["give"] in state.cars[o["from"]].cards]


def _get_ready(state: RncState, seat: int) -> None:
    trade = state.trade
    assert trade is not None
    trade.ready[seat] = True
    trade.drafts.pop(seat, None)
    trade.offers = [o for o in trade.offers if seat not in (o["from"], o["to"])]
    emit(state, "trade_ready", seat=seat)
    if all(trade.ready):
        state.trade = None
        state.phase = PHASE_GRID
        emit(state, "grid_turn", seat=state.draw_order[0])


# --- the start grid -----------------------------------------------------------------------------
def grid_row(label: int) -> int:
    return 1 - label


def grid_actions(state: RncState) -> list[str]:
    return [
        f"grid {label} {lane}"
        for label in GRID_LABELS
        for lane in range(1, data.LANES + 1)
        if state.car_at(lane, grid_row(label)) is None
    ]


def place(state: RncState, seat: int, label: int, lane: int) -> None:
    car = state.cars[seat]
    car.lane, car.row, car.placed = lane, grid_row(label), True
    state.arrivals += 1
    car.arrival = state.arrivals
    emit(state, "placed", seat=seat, lane=lane, row=car.row)
    placed = sum(1 for c in state.cars if c.placed)
    if placed < state.players:
        emit(state, "grid_turn", seat=state.draw_order[placed])
        return
    state.order = race_order(state)
    state.turn_index = -1
    state.round = 1
    next_turn(state)
