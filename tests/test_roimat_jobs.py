"""``roimat_simulate --jobs N`` and ``scoring.roimat.parallel``: the records of a seed are the
same for every number of processes, in order, and every one verifies (issue 13)."""

import json

import pytest
from django.core.management import call_command

from scoring.roimat.parallel import DonneRun, chunk_seed, record_chunks
from scoring.roimat.record import to_text
from scoring.roimat.simulate import simulate_donnes
from scoring.roimat.verify import verify


def simulate(tmp_path, *args):
    out = tmp_path / "records.jsonl"
    call_command("roimat_simulate", *args, "--out", str(out))
    return out.read_text(encoding="utf-8")


def test_jobs_give_the_same_sound_records_for_a_seed(tmp_path):
    two = simulate(tmp_path, "--donnes", "2100", "--seed", "8", "--jobs", "2")
    assert simulate(tmp_path, "--donnes", "2100", "--seed", "8", "--jobs", "2") == two
    assert simulate(tmp_path, "--donnes", "2100", "--seed", "8", "--jobs", "1") == two
    assert simulate(tmp_path, "--donnes", "2100", "--seed", "9", "--jobs", "2") != two
    lines = two.splitlines()
    assert len(lines) == 2100
    assert all(verify(json.loads(line)) == [] for line in lines)


@pytest.mark.parametrize("variant", ["club-8", "official-1000"])
def test_chunks_come_in_order_whatever_the_processes(variant):
    run = DonneRun(count=45, seed=3, variant=variant, fault_rate=0.05, chunk=7)
    one = b"".join(record_chunks(run, jobs=1)).decode()
    assert b"".join(record_chunks(run, jobs=2)).decode() == one
    assert b"".join(record_chunks(run, jobs=3)).decode() == one
    # Chunk k is simulate_donnes from its own seed: 7 donnes, the last chunk 3.
    expected = [
        to_text(state) + "\n"
        for index, count in enumerate([7] * 6 + [3])
        for state in simulate_donnes(count, chunk_seed(3, index), variant, fault_rate=0.05)
    ]
    assert one == "".join(expected)


def test_parties_on_two_processes_are_the_parties_of_one(tmp_path):
    args = ("--parties", "3", "--seed", "4", "--players", "heuristic")
    assert simulate(tmp_path, *args, "--jobs", "2") == simulate(tmp_path, *args)
