"""Runs that trade: merchant and event choices in run records and journals, and the auto policy."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from arena.cli.main import main
from arena.run.auto import play_auto
from arena.run.camp import refusal
from arena.run.config import RunConfig
from arena.run.decisions import Buy
from arena.run.live import LiveRun, resume
from arena.run.record import RUN_VERSION, document, save_record, verify
from arena.run.route import EVENT, MERCHANT
from arena.run.runjournal import NAME
from tests.run.test_merchant import merchant_seed
from tests.run.test_run import LIBRARY

Doc = dict[str, Any]
# d40 seed 25, six steps: fight, event, camp, merchant (three buys at step 4), camp, boss.
TRADER = RunConfig("d40", 25, 6)
MERCHANT_STEP = 4


@pytest.fixture(scope="module")
def trader() -> Doc:
    """The auto run `TRADER` as its record's document."""
    run, points = play_auto(TRADER, LIBRARY)
    assert [n.kind for n in run.path][1:4:2] == [EVENT, MERCHANT]
    return json.loads(json.dumps(document(run, points)))  # type: ignore[no-any-return]


def _kinds(doc: Doc, step: int) -> list[str]:
    """The kinds of the choices the record made at step `step`."""
    return [c["choice"] for c in doc["camps"][step - 1]]


def test_an_auto_run_that_answers_an_event_and_buys_from_a_merchant_verifies(
        trader: Doc, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _kinds(trader, 2) == ["answer"]
    assert _kinds(trader, MERCHANT_STEP) == ["buy", "buy", "buy"]
    assert verify(copy.deepcopy(trader), LIBRARY) is None
    path = tmp_path / "trader.json"
    path.write_text(json.dumps(trader))
    assert main(["replay", str(path), "--verify"]) == 0
    assert "run verified: 2 bouts" in capsys.readouterr().out


def test_save_record_writes_the_trading_run_s_choices(tmp_path: Path) -> None:
    run, points = play_auto(TRADER, LIBRARY)
    path = tmp_path / "run.json"
    save_record(path, run, points)
    doc = json.loads(path.read_text())
    assert doc["run_version"] == RUN_VERSION
    assert doc["camps"][MERCHANT_STEP - 1] == [c.to_json() for c in run.camps[MERCHANT_STEP - 1]]


def test_a_buy_changed_to_a_ware_bought_later_is_a_mismatch_at_the_merchant_s_step(
        trader: Doc) -> None:
    doc = copy.deepcopy(trader)
    first, second = doc["camps"][MERCHANT_STEP - 1][:2]
    first["item"] = second["item"]  # then the second buy finds that ware sold
    mismatch = verify(doc, LIBRARY)
    assert mismatch is not None and (mismatch.bout, mismatch.step) == (0, MERCHANT_STEP)
    assert str(mismatch) == (f"run differs at step {MERCHANT_STEP}: camp {MERCHANT_STEP}: camp at "
                             f"step {MERCHANT_STEP}: no ware #{second['item']}")


def test_a_buy_changed_to_a_ware_not_on_the_table_is_a_mismatch_at_the_merchant_s_step(
        trader: Doc) -> None:
    doc = copy.deepcopy(trader)
    doc["camps"][MERCHANT_STEP - 1][0]["item"] = 99
    mismatch = verify(doc, LIBRARY)
    assert mismatch is not None
    assert str(mismatch) == (f"run differs at step {MERCHANT_STEP}: camp {MERCHANT_STEP}: camp at "
                             f"step {MERCHANT_STEP}: no ware #99")


def test_a_buy_changed_to_another_ware_the_party_can_pay_for_fails_at_the_next_bout(
        trader: Doc) -> None:
    doc = copy.deepcopy(trader)
    last = doc["camps"][MERCHANT_STEP - 1][-1]
    assert last == {"choice": "buy", "item": 7, "member": 0}  # the second supply
    last["item"] = 6  # the first: the party carries another kit into the boss's bout
    assert str(verify(doc, LIBRARY)) == "run differs at bout 2: the generated arena differs"


def test_a_run_killed_at_a_merchant_after_a_buy_resumes_there_with_the_buy_made(
        tmp_path: Path) -> None:
    seed, merchant, came = merchant_seed()
    path = tmp_path / NAME
    live = LiveRun.new(RunConfig("d40", seed), LIBRARY, path)
    assert live.go(came[0]) is None
    fight = live.begin_bout()
    while not fight.recorder.battle.over:
        fight.recorder.apply(fight.recorder.battle.decide(), "auto")
        live.record()
    live.end_bout()
    assert not live.run.over
    live.leave_camp()  # the spoils, left as they are
    assert live.go(merchant) is None and live.phase == "camp"
    camp = live.camp
    assert camp is not None and camp.market is not None
    buy = next(Buy(k, i) for k in range(len(camp.market.wares)) for i in range(3)
               if refusal(camp, Buy(k, i)) is None)
    ware = camp.market.wares[buy.item]
    assert ware is not None
    coin = live.run.purse.coin
    assert live.choose(buy) is None
    assert live.run.purse.coin == coin - ware.price
    live.close()  # the terminal dies
    assert path.read_text().splitlines()[-1] == json.dumps(
        {"camp": 2, "choice": buy.to_json()}, separators=(",", ":"))
    again, dropped = resume(path, LIBRARY)
    assert not dropped and again.phase == "camp" and again.made == [buy]
    assert again.camp is not None and again.camp.market is not None
    assert again.run.purse.coin == coin - ware.price
    assert again.camp.market.wares[buy.item] is None
    member = again.run.party[buy.member]
    assert ware.item in [*(g.weapon for g in member.gear), member.armour, member.shield,
                         *member.supplies]
    assert again.choose(buy) == f"no ware #{buy.item}"  # sold once, not again
    again.close()


@pytest.mark.slow
def test_the_auto_policy_buys_from_merchants_and_answers_every_event_it_reaches() -> None:
    buys = merchants = events = 0
    for seed in range(1, 21):
        lines: list[dict[str, object]] = []
        play_auto(RunConfig("d40", seed), LIBRARY, lines.append)
        reached = {line["step"]: line["kind"] for line in lines if line["type"] == "route"}
        made = [line for line in lines if line["type"] == "camp"]
        for step, kind in reached.items():
            here = [line["choice"] for line in made if line["step"] == step]
            if kind == EVENT:
                events += 1
                assert here == ["answer"], (seed, step, here)
            if kind == MERCHANT:
                merchants += 1
            if kind not in (EVENT, MERCHANT):
                assert "buy" not in here and "answer" not in here
        buys += sum(line["choice"] == "buy" for line in made)
    assert events > 0 and merchants > 0 and buys > 0


def test_a_record_of_an_older_version_is_refused_in_one_line(
        trader: Doc, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy.deepcopy(trader)
    doc["run_version"] = 4  # its loot lists left out dropped and fallen members' weapons
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"run record version 4 (from an older game: it cannot be re-run); "
                        f"this game reads {RUN_VERSION}"), err
    assert "\n" not in err
