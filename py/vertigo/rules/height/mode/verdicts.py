"""The DM's override on the Height rules' verdicts on the page, and taking it back (H7): each logged with who,
what and both answers, and with its ``ask`` question (issue 27): an override on the move,
``{"ask": "move", "fighter", "entry", "to", "x"?, "override": {"allowed"}}`` (taken back: without ``override``);
on one action, ``{"ask": "attack", "fighter", "target", "action": i, "override": {"allowed"}}`` (taken back:
``{"ask": "attack", "fighter", "target"}``), whose answer's ``actions[i]`` is the verdict logged.  An override
on one action leaves any other action's override out of the question: the log line is that one action's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vertigo.lengths import to_json
from vertigo.rules.height.rules.movement import MoveVerdict
from vertigo.rules.height.rules.ranged import ShotVerdict
from vertigo.text import isolate
from vertigo.verdict import Override

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["Overrides", "overridden"]


def overridden(o: Override | None) -> dict[str, Any]:
    """``{"override": {"allowed", "note"?}}`` of a verdict's override for its question, or ``{}``."""
    if o is None:
        return {}
    return {"override": {"allowed": o.allowed, **({"note": o.note} if o.note else {})}}


class Overrides:
    """The override buttons of the move verdict and of each action's verdict (mixed into the Height mode)."""

    pending: MoveVerdict | None
    pending_done: bool
    shots: tuple[ShotVerdict, ...] | None
    entry: int | None

    def move_asked(self, ctl: Controller, v: MoveVerdict) -> dict[str, Any]:
        """The ``move`` question of the move verdict ``v`` judged for the selected fighter (issue 27)."""
        assert ctl.selected is not None
        at = {} if v.at is None else {"x": to_json(v.at)}
        return {"ask": "move", "fighter": ctl.selected, "entry": self.entry, "to": v.dest, **at,
                **overridden(v.override)}

    @staticmethod
    def attack_asked(ctl: Controller, index: int | None = None, v: ShotVerdict | None = None) -> dict[str, Any]:
        """The ``attack`` question of the selected fighter against the target, with the DM's override on action
        ``index`` when ``v`` has one (issue 27)."""
        assert ctl.selected is not None and ctl.target is not None
        one = {} if index is None or v is None or v.override is None else {"action": index, **overridden(v.override)}
        return {"ask": "attack", "fighter": ctl.selected, "target": ctl.target, **one}

    def override(self, ctl: Controller, allowed: bool) -> Update:
        """The DM overrides the pending move verdict (H7)."""
        if self.pending is None or self.pending_done:
            return ctl.update("No verdict to override.")
        self.pending = self.pending.overridden(allowed)
        ctl.table = ctl.table.note_verdict(self._move_headline(ctl, self.pending), (self.pending,),
                                           asked=self.move_asked(ctl, self.pending))
        return ctl.update(f"DM override — move: {self.pending.summary}", save=True)

    def override_shot(self, ctl: Controller, index: int, allowed: bool) -> Update:
        """The DM overrides one action's verdict (H7)."""
        if self.shots is None or not 0 <= index < len(self.shots):
            return ctl.update("No verdict to override.")
        shots = list(self.shots)
        shots[index] = shots[index].overridden(allowed)
        self.shots = tuple(shots)
        ctl.table = ctl.table.note_verdict(self._override_headline(ctl, shots[index]), (shots[index],),
                                           asked=self.attack_asked(ctl, index, shots[index]))
        return ctl.update(f"DM override — {shots[index].summary}", save=True)

    def take_back(self, ctl: Controller) -> Update:
        """The DM takes back the override on the pending move: the rules' answer stands again (H7); logged."""
        if self.pending is None or self.pending_done or self.pending.override is None:
            return ctl.update("No override to take back.")
        self.pending = self.pending.taken_back()
        ctl.table = ctl.table.note_verdict(self._move_headline(ctl, self.pending, taken_back=True), (self.pending,),
                                           asked=self.move_asked(ctl, self.pending))
        return ctl.update(f"DM override taken back — move: {self.pending.summary}", save=True)

    def take_back_shot(self, ctl: Controller, index: int) -> Update:
        """The DM takes back the override on one action's verdict: the rules' answer stands again (H7); logged."""
        if self.shots is None or not 0 <= index < len(self.shots) or self.shots[index].override is None:
            return ctl.update("No override to take back.")
        shots = list(self.shots)
        shots[index] = shots[index].taken_back()
        self.shots = tuple(shots)
        ctl.table = ctl.table.note_verdict(self._override_headline(ctl, shots[index], taken_back=True),
                                           (shots[index],), asked=self.attack_asked(ctl))
        return ctl.update(f"DM override taken back — {shots[index].summary}", save=True)

    @staticmethod
    def _move_headline(ctl: Controller, v: MoveVerdict, taken_back: bool = False) -> str:
        """The log line of a DM override on a move, or of taking it back: who, with which entry, from where to
        where, and both answers — ``"DM override: Goat's Move 1 (Height 2) from Cliff top to Foot of the cliff —
        rules: allowed; DM: not allowed"``; taken back, the rules' answer that stands again."""
        assert ctl.selected is not None
        f = ctl.table.scenario.field
        who = (f"{isolate(ctl.table.name(ctl.selected))}'s {v.entry} from {isolate(f.section(v.start).name)} "
               f"to {isolate(f.section(v.dest).name)}")
        rules = "allowed" if v.allowed else "not allowed"
        if taken_back:
            return f"DM override taken back: {who} — the rules' answer stands: {rules}"
        return f"DM override: {who} — rules: {rules}; DM: {'allowed' if v.final else 'not allowed'}"

    @staticmethod
    def _override_headline(ctl: Controller, v: ShotVerdict, taken_back: bool = False) -> str:
        """The log line of a DM override on an action, or of taking it back: who, with what, against whom, and
        both answers — ``"DM override: Ada's Shortbow against Bandit 3 — rules: blocked; DM: reaches"``; taken
        back, the rules' answer that stands again."""
        assert ctl.selected is not None and ctl.target is not None
        me, it = isolate(ctl.table.name(ctl.selected)), isolate(ctl.table.name(ctl.target))
        blocked = v.line is not None and v.line.blocked_by is not None
        rules = "reaches" if v.allowed else "blocked" if blocked else "cannot reach"
        who = f"{me}'s {isolate(v.action.name)} against {it}"
        if taken_back:
            return f"DM override taken back: {who} — the rules' answer stands: {rules}"
        dm = "reaches" if v.final else "cannot reach"
        return f"DM override: {who} — rules: {rules}; DM: {dm}"
