"""Tapping as a person does, for every form's browser tests: a control is tapped only where
the finger finds it (``document.elementFromPoint`` at its centre, after scrolling it into
view as a thumb would: just enough), and a choice must show that it is chosen.

A radio button or checkbox is either drawn by the browser (then it must be visible: opaque
enough and big enough to see), or hidden and drawn by what follows it (a ``.tap`` label's
``span``): then that drawing must change, by its computed style, when it is chosen. A
hidden input with nothing drawn for it, or a drawing that does not change, fails the test.
"""

from playwright.sync_api import Locator, expect

#: Scroll the element into view as little as needed (as a thumb does; the page's
#: scroll-padding keeps it clear of a sticky bar), then whether a finger at its centre
#: touches it rather than something covering it.
FOUND = """(node) => {
  node.scrollIntoView({block: "nearest", inline: "nearest"});
  const r = node.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === node || node.contains(hit));
}"""

#: What a person sees of a radio or checkbox: the input itself when the browser draws it
#: visibly, else the label's span drawn for it; "hidden" when neither.
FACE = """(input) => {
  const s = getComputedStyle(input), r = input.getBoundingClientRect();
  if (s.visibility === "visible" && s.display !== "none" && Number(s.opacity) >= 0.5
      && r.width >= 12 && r.height >= 12) return "input";
  const span = input.nextElementSibling;
  if (span && span.tagName === "SPAN" && span.getBoundingClientRect().height >= 20) return "span";
  return "hidden";
}"""

#: The computed look of the drawing of a choice (its span), to compare chosen and not.
LOOK = """(span) => {
  const s = getComputedStyle(span), b = getComputedStyle(span, "::before");
  return [s.backgroundColor, s.borderTopColor, s.borderTopWidth, s.color, s.fontWeight,
          b.content].join(" | ");
}"""


def tap(locator: Locator) -> None:
    """Tap ``locator`` at its centre, once scrolled into view, only if a finger there finds
    it (nothing covers it)."""
    expect(locator).to_be_visible()
    assert locator.evaluate(FOUND), f"covered or off screen: {locator} at {locator.bounding_box()}"
    box = locator.bounding_box()
    locator.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def face(control: Locator) -> Locator:
    """What a person taps for a radio or checkbox ``control``: the input when the browser
    draws it, else its label's span; fails when the control is invisible."""
    kind = control.evaluate(FACE)
    assert kind != "hidden", f"an invisible choice: {control}"
    return control if kind == "input" else control.locator("xpath=following-sibling::span[1]")


def choose(control: Locator, on: bool = True) -> None:
    """Tap radio or checkbox ``control`` as a person does (``on`` False: untick a checkbox)
    and check that it is then chosen (or not) and that what is drawn for it shows so."""
    seen = face(control)
    drawn = seen != control
    before = seen.evaluate(LOOK) if drawn else None
    was = control.is_checked()
    if was != on:
        tap(seen)
    if on:
        expect(control).to_be_checked()
    else:
        expect(control).not_to_be_checked()
    if drawn and was != on:
        after = seen.evaluate(LOOK)
        assert after != before, f"choosing {control} changes nothing a person sees ({after})"


def choose_value(scope, name: str, value) -> None:
    """``choose`` the radio or checkbox ``name`` of ``value`` inside ``scope`` (a page or a
    form's locator)."""
    choose(scope.locator(f"[name='{name}'][value='{value}']"))


#: Whether the control lies in a closed disclosure (``<details>``).
FOLDED = "n => { const d = n.closest('details'); return !!d && !d.open; }"


def unfold(control: Locator) -> None:
    """Open the disclosure ``control`` lies in, if it is closed, by tapping its summary."""
    if control.evaluate(FOLDED):
        tap(control.locator("xpath=ancestor::details[1]/summary"))
        expect(control).to_be_visible()


def every_choice_shows(scope: Locator) -> int:
    """Choose, one after the other, every radio and checkbox that ``scope`` offers now (and
    untick the checkboxes again), each checked as ``choose`` does, opening a disclosure by its
    summary where one holds it; returns how many were tried. A control inside a ``hidden``
    part (another game's rules on the tournament form) is not offered until a choice shows
    that part, and is left out."""
    controls = scope.locator("input[type=radio], input[type=checkbox]")
    count = 0
    for index in range(controls.count()):
        control = controls.nth(index)
        if control.evaluate("node => node.closest('[hidden]') !== null"):
            continue
        count += 1
        unfold(control)
        choose(control)
        if control.get_attribute("type") == "checkbox":
            choose(control, on=False)
    return count


def in_view_as(locator: Locator, meaning: str) -> None:
    """``locator`` (a message) is on the phone's screen, in the colour of its ``meaning``
    (``success``, ``warning``, ``error``): its background's hue, by computed style."""
    expect(locator).to_be_in_viewport()
    colour = locator.evaluate("n => getComputedStyle(n).backgroundColor")
    red, green, blue = (int(c) for c in colour[colour.index("(") + 1 : -1].split(",")[:3])
    hues = {
        "success": green > red and green > blue,
        "warning": red > green > blue and red - blue > 30,
        "error": red > green and red > blue and abs(green - blue) < 20,
    }
    assert hues[meaning], f"{locator} is {colour}, not the colour of {meaning}"
