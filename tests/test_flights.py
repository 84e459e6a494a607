"""The copies of one table submission share its first copy's answer (``scoring.flights``): a
copy sent while the first is handled waits for it, a copy sent after it is answered from
memory, and a first copy that stored nothing leaves each copy to be handled on its own."""

import threading

import pytest

from scoring.flights import Flights

KEY = ("TABLE1", "k-1")


def second_copy(flights: Flights, started: threading.Event, answers: list) -> threading.Thread:
    """A copy of the submission, sent once ``started`` is set; what it finds goes to
    ``answers``."""

    def send() -> None:
        started.wait(5)
        with flights.one(KEY, wait=5) as flight:
            answers.append(flight.answer)

    thread = threading.Thread(target=send)
    thread.start()
    return thread


def test_a_copy_sent_while_the_first_is_handled_is_told_what_the_first_was():
    flights, started, answers = Flights(), threading.Event(), []
    copy = second_copy(flights, started, answers)
    with flights.one(KEY, wait=5) as flight:
        started.set()
        copy.join(0.2)
        assert copy.is_alive(), "the copy waits for the first to be done"
        flight.answer = "Donne 1 entrée"
    copy.join(5)
    assert answers == ["Donne 1 entrée"]


def test_a_first_copy_that_failed_leaves_its_copies_to_themselves():
    flights, started, answers = Flights(), threading.Event(), []
    copy = second_copy(flights, started, answers)
    with pytest.raises(RuntimeError), flights.one(KEY, wait=5) as flight:
        flight.answer = "Donne 1 entrée"  # said inside a transaction that is rolled back
        started.set()
        raise RuntimeError("the commit failed")
    copy.join(5)
    assert answers == [None]
    with flights.one(KEY, wait=5) as later:
        assert later.answer is None  # nothing kept: the next copy is handled as a first


def test_a_copy_sent_later_is_answered_from_memory_for_a_while():
    flights = Flights(keep=60, size=2)
    with flights.one(KEY, wait=5) as flight:
        flight.answer = "Donne 1 entrée"
    with flights.one(KEY, wait=5) as copy:
        assert copy.answer == "Donne 1 entrée"
    flights.keep = 0
    with flights.one(KEY, wait=5) as late:
        assert late.answer is None


def test_only_the_newest_answers_are_kept_and_a_submission_without_key_shares_nothing():
    flights = Flights(size=2)
    for number in (1, 2, 3):
        with flights.one(("TABLE1", f"k-{number}"), wait=5) as flight:
            flight.answer = f"Donne {number} entrée"
    found = []
    for number in (1, 2, 3):
        with flights.one(("TABLE1", f"k-{number}"), wait=5) as flight:
            found.append(flight.answer)
    assert found == [None, "Donne 2 entrée", "Donne 3 entrée"]
    with flights.one(None, wait=5) as flight:
        flight.answer = "Donne 4 entrée"
    with flights.one(None, wait=5) as flight:
        assert flight.answer is None
