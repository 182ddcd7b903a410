"""How legal actions become Discord components."""

from __future__ import annotations

import discord

from cogs._components import ActionButton, ActionSelect, action_components


def components(actions: list[str]) -> discord.ui.View | None:
    return action_components(7, 3, actions, label=lambda a: a.upper(), group=lambda a: a.split()[0])


def test_up_to_25_actions_are_buttons_carrying_match_version_and_action() -> None:
    view = components([f"move {n} 3" for n in range(25)])
    assert view is not None
    buttons = [item for item in view.children if isinstance(item, ActionButton)]
    assert len(buttons) == 25
    assert buttons[0].item.custom_id == "rt:act:7:3:move 0 3"
    assert buttons[0].item.label == "MOVE 0 3"


def test_more_than_25_actions_become_select_menus_grouped_by_kind() -> None:
    actions = [f"move {n} 3" for n in range(30)] + ["roll", "pass"]
    view = components(actions)
    assert view is not None
    menus = [item for item in view.children if isinstance(item, ActionSelect)]
    assert [len(m.item.options) for m in menus] == [25, 5, 1, 1]
    offered = [o.value for m in menus for o in m.item.options]
    assert sorted(offered) == sorted(actions)
    assert len({m.item.custom_id for m in menus}) == len(menus)


def test_no_actions_no_components() -> None:
    assert components([]) is None


def test_private_panel_components_name_their_seat() -> None:
    view = action_components(7, 3, ["body"], label=str, group=str, seat=2)
    assert view is not None
    (button,) = view.children
    assert isinstance(button, ActionButton)
    assert button.item.custom_id == "rt:act:7:3:s2:body"


def test_first_step_menus_never_overflow_discords_five_rows() -> None:
    from cogs._components import StepSelect, step_components

    singles = action_components(7, 3, [f"end {n}" for n in range(10)], label=str, group=str)
    steps = [(f"P{n}", f"Pawn {n}") for n in range(200)]  # 8 menus' worth of first steps
    view = step_components(singles, 7, 0, steps, "Choose…")
    menus = [item for item in view.children if isinstance(item, StepSelect)]
    assert len(menus) == 3, "two rows of buttons leave three rows for menus"
    assert menus[0].item.custom_id == "rt:step:7:s0:0"
    assert [o.value for o in menus[0].item.options][:2] == ["P0", "P1"]


async def test_panels_changed_while_being_edited_are_brought_up_to_date_once_more() -> None:
    """A live match changes several times a second: its open panels are edited once for
    all the changes that came during an edit, never once per change."""
    import asyncio

    from bot.i18n import Tr
    from cogs._panels import Panel, PanelKeeper

    made: list[int] = []
    shown: list[str] = []
    editing = asyncio.Event()

    async def make_panel(match_id: int, user_id: int, tr: Tr) -> Panel:
        made.append(match_id)
        return Panel(f"state {len(made)}", None)

    async def edit(**changes: object) -> None:
        await editing.wait()
        shown.append(str(changes["content"]))

    keeper = PanelKeeper(make_panel)
    keeper.remember(7, 1, edit, Tr("en"), Panel("state 0", None))
    for _ in range(5):  # five changes in a burst
        keeper.follow(7)
        await asyncio.sleep(0)
    editing.set()
    await keeper.wait()
    assert made == [7, 7], "one edit for the first change, one for the four that followed"
    assert shown == ["state 1", "state 2"]


def test_names_lose_invisible_characters_that_would_disguise_them() -> None:
    from cogs._naming import clean_name

    assert clean_name("al\u200bice") == "alice", "a zero-width space"
    assert clean_name("\u202eecila") == "ecila", "a right-to-left override"
    assert clean_name("bob\u2066\u2069 \n the\tbuilder") == "bob the builder"
    assert clean_name("\u200d\u200c") == "?"
    assert clean_name("Zoé 🐞") == "Zoé 🐞", "letters and emoji stay"
