"""The boxes a ruling record and a replay put on the page, above the side panel: plain values in, HTML out, every
string escaped.

Source: issue 27 ("The page imports a record and shows the same verdict"; "the page plays it back step by step").
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from vertigo.records import Difference
from vertigo.text import quote

from .panels import el, rule_tags, to_html

__all__ = ["record_box", "replay_box"]


def _explained(parent: ET.Element, lines: Any) -> None:
    """An answer's explanation lines (``"[H2] …"``), each with its rule tags linked to the glossary."""
    ol = el(parent, "ol", class_="steps")
    for line in lines if isinstance(lines, list) else []:
        text = str(line)
        li = el(ol, "li")
        if text.startswith("[") and "] " in text:
            tag, _, text = text[1:].partition("] ")
            rule_tags(li, tag)
            text = " " + text
        el(li, "span", text, class_="step-text")


def record_box(about: str, agrees: bool | None, difference: Difference | None, answer: Mapping[str, Any]) -> str:
    """A ruling record's box: what it records, whether the rules agree now, the verdict's summary and its steps.

    Args:
        about: what the record says it records (its log headline), or "".
        agrees: whether the answer now is the one recorded; None for a question that records no answer.
        difference: the first difference when it differs (its JSON path, the value recorded and the value now).
        answer: the answer now, as ``python -m vertigo ask`` prints it (``summary``, ``explanation``).
    """
    box = el(None, "div", class_="verdict", data_testid="record")
    el(box, "h2", "Ruling record" if agrees is not None else "Question")
    if about:
        el(box, "p", about, class_="record-about")
    if agrees is True:
        el(box, "p", "Agrees: the rules give the answer recorded.", class_="agrees", data_testid="record-agrees")
    elif agrees is False:
        where = "" if difference is None else (f" at {difference.path}: recorded {quote(difference.recorded, 120)}, "
                                               f"now {quote(difference.now, 120)}")
        el(box, "p", f"Differs from the answer recorded{where}.", class_="differs", data_testid="record-agrees")
    summary = answer.get("summary")
    if isinstance(summary, str):
        el(box, "p", summary, class_="summary", data_testid="record-summary")
    _explained(box, answer.get("explanation"))
    buttons = el(box, "div", class_="buttons")
    el(buttons, "button", "Close", type="button", data_share="close")
    return to_html(box)


def replay_box(done: int, total: int, headline: str, differs_at: str | None, differing: int, *,
               left: bool = False) -> str:
    """A replay's box: the step reached, what the last step wrote and whether it agrees, and its buttons.

    Args:
        done: steps carried out so far (0: none yet).
        total: the replay's actions.
        headline: the log line the last step wrote ("" when none, or no step yet).
        differs_at: where the last step's table differs from the one recorded (a JSON path), "" when it differs
            with no path to name, None when it agrees (or no step yet).
        differing: steps so far whose table differs from the one recorded.
        left: the table in play has changed since the last step (a move, a Load, an Undo): the replay stops
            there, and only Close is offered (a step would replace the table in play and the work done on it).
    """
    box = el(None, "div", class_="verdict", data_testid="replay")
    el(box, "h2", f"Replay: step {done} of {total}")
    if not done:
        el(box, "p", f"The battlefield as loaded; {total} action{'' if total == 1 else 's'} to play back.",
           data_testid="replay-status")
    else:
        el(box, "p", headline or "No log line.", data_testid="replay-status")
        el(box, "p", "Agrees with the replay." if differs_at is None else
           f"Differs from the replay{f' at {differs_at}' if differs_at else ''}.",
           class_="agrees" if differs_at is None else "differs", data_testid="replay-step")
    if done == total and total:
        el(box, "p", "Every step agrees with the replay." if not differing else
           f"{differing} step{' differs' if differing == 1 else 's differ'} from the replay.",
           class_="agrees" if not differing else "differs", data_testid="replay-end")
    if left:
        el(box, "p", f"The table in play has changed since step {done}: the replay stops here. Import it again to "
                     "play it back.", class_="differs", data_testid="replay-left")
        el(el(box, "div", class_="buttons"), "button", "Close", type="button", data_share="close")
        return to_html(box)
    buttons = el(box, "div", class_="buttons")
    more = {"disabled": "disabled"} if done == total else {}
    el(buttons, "button", "Next step", type="button", data_share="next", class_="primary", **more)
    el(buttons, "button", "To the end", type="button", data_share="end", **more)
    el(buttons, "button", "Close", type="button", data_share="close")
    return to_html(box)
