"""The teacher's handout (``spades handout``): a printed page whose QR code a
phone reads back as the lesson's link, with the how-to of the link's rules,
and one line for a link no student could open."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch

from spadeslib.cli import main
from spadeslib.errors import SpadesError
from spadeslib.table.classroom import how_to
from spadeslib.table.handout import MAX_QUESTIONS, handout

LINK = "http://192.168.1.23:8866/?rules=classic+jokers&seed=2024"
#: as many questions as a handout takes, as long as the lesson plans' are
QUESTIONS = [
    "How many tricks is your hand worth? Which cards could win a trick "
    "against your will?",
    "Who bid Nil, and how would you, as a defender, try to set it?",
    "Your side's bid is in: how many tricks must your partner take, and "
    "which of your cards are sure to win?",
    "How many bags did each side take?",
]


def _read_qr(png: bytes) -> list[str]:
    """The texts of the QR codes a reader finds in a screenshot."""
    import zxingcpp
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L")
    return [code.text for code in zxingcpp.read_barcodes(image)]


def _lines(box: Any) -> int:
    """How many lines of text a box holds."""
    return round(
        box.evaluate(
            "e => { const s = getComputedStyle(e); return (e.clientHeight"
            " - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom))"
            " / parseFloat(s.lineHeight); }"
        )
    )


@pytest.mark.browser
@pytest.mark.parametrize(
    "link",
    [
        LINK,
        "https://hub.example.org/hub/user-redirect/voila/render/notebooks/table.ipynb",
        # the longest how-to there is, with both bots' levels
        "http://10.0.0.5:8866/?rules=yppedia+ten_for_200+jokers&seed=1"
        "&opponents=expert&partner=expert",
        # the lesson plans' longest link
        "http://192.168.1.23:8866/?rules=classic+bag_limit=3+target=200&seed=194",
    ],
)
def test_the_printed_qr_code_reads_back_as_the_link(browser: Any, link: str) -> None:
    """Drawn by Chromium as it prints (no network, one A4 page), the code
    decodes to the link exactly, the link is printed in full beside it."""
    page = browser.new_page(viewport={"width": 794, "height": 1123})  # A4, 96 dpi
    watch = PageWatch()
    watch.attach(page)
    page.set_content(handout(link, QUESTIONS), wait_until="load")
    assert page.get_by_test_id("questions").inner_text().count("\n") == 3
    assert page.get_by_test_id("link").inner_text() == link
    assert _read_qr(page.get_by_test_id("qr").screenshot()) == [link]
    for media in ("screen", "print"):  # the link on one line, not cut at 8866/?
        page.emulate_media(media=media)
        assert _lines(page.get_by_test_id("link")) == 1, media
        assert page.get_by_test_id("link").evaluate(
            "e => e.scrollWidth <= e.clientWidth"
        )
    pages = re.findall(rb"/Type\s*/Page(?!s)", page.pdf(format="A4"))
    assert len(pages) == 1  # one sheet
    assert not watch.errors and not watch.external, watch  # nothing fetched
    page.close()


def test_the_handout_says_how_to_play_under_the_links_rules() -> None:
    page = handout(LINK)
    assert "Classic + Jokers" in page and "seed 2024" in page
    # the how-to is the page's own, computed from the link's rules
    assert "The dealer leads the first trick" in how_to("classic+jokers")
    assert "The dealer leads the first trick" in page
    assert "until spades are broken" not in page
    two = handout("http://10.0.0.5:8866/?rules=two-player")
    assert "one bot sits North and plays against you" in two
    assert "a deal of your own" in two  # no seed in the link


@pytest.mark.parametrize(
    ("link", "words"),
    [
        ("http://0.0.0.0:8866/?rules=classic", "class network"),
        ("http://localhost:8866/", "no student's machine can open localhost"),
        ("192.168.1.23:8866", "not a web address"),
        ("http://10.0.0.5:8866/?rules=hearts", "rules=hearts is not a rule set"),
        ("http://10.0.0.5:8866/?seed=x", "seed=x is not a whole number"),
        ("http://127.0.1.1:8866/", "no student's machine can open 127.0.1.1"),
        ("http://[::1]:8866/", "no student's machine can open ::1"),
        (
            "https://hub.example.org/user/mrsmith/voila/render/notebooks/table.ipynb",
            "the JupyterHub server of mrsmith only",
        ),
        ("http://10.0.0.5:8888/lab", "JupyterLab's address"),
        (
            "http://192.168.1.23/?rules=classic",  # no port: port 80
            "gives no port number, so it opens port 80, where the classroom page "
            "is not: make voila serves port 8866, such as "
            "http://192.168.1.23:8866/?rules=classic",
        ),
        ("https://10.0.0.5/?seed=1", "opens port 443"),
        ("http://mylaptop/?seed=1", "opens port 80"),
        ("http://10.0.0.5:8866/?seed=1&seed=2", "gives seed twice"),
        (
            "http://HOST:8866/?rules=cards4net&seed=2007",  # as docs/lessons.md
            "HOST is the docs' placeholder: put this machine's address",
        ),
        (
            "http://:8866/?rules=cards4net&seed=2007",  # ADDRESS left unset
            "no address before its port: put this machine's address",
        ),
    ],
)
def test_a_link_no_student_could_use_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, link: str, words: str
) -> None:
    out = tmp_path / "handout.html"
    assert main(["handout", link, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1, err
    assert "; playing" not in err and "; dealing" not in err  # the page's next step
    assert not out.exists()


def test_the_command_writes_the_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "lesson-3.html"
    assert main(["handout", LINK, "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == handout(LINK)
    said = capsys.readouterr().out
    assert "(Classic + Jokers, seed 2024: everyone gets the same cards)" in said
    assert main(["handout", LINK + "&opponents=expert", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "(Classic + Jokers, opponents expert, seed 2024: everyone gets" in said
    # a link the shell cut at '&' (not quoted) says so at once
    assert main(["handout", LINK.split("&")[0], "--out", str(out)]) == 0
    assert "no seed: each student gets a deal of their own" in capsys.readouterr().out


def test_the_teachers_questions_are_on_the_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "lesson-2.html"
    asked = ["Who dealt?", "Who  deals\nthe next hand?"]
    argv = ["handout", LINK, "--out", str(out)]
    assert main([*argv, "--question", asked[0], "--question", asked[1]]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<li>Who dealt?</li><li>Who deals the next hand?</li>" in page
    copied = handout(LINK, ["What did *Check my play* say?"])  # from lessons.md
    assert "<li>What did <i>Check my play</i> say?</li>" in copied
    # a narrow line breaks the link after ? & / only, not inside a word
    assert "opponents=<wbr>" not in handout(LINK + "&opponents=expert")
    assert "&amp;<wbr>opponents=expert" in handout(LINK + "&opponents=expert")
    # a long rule set breaks after a +, not inside "target=200"
    long = handout("http://10.0.0.5:8866/?rules=classic+bag_limit=3+target=200")
    assert "classic+<wbr>bag_limit=3+<wbr>target=200" in long
    assert "About this deal" not in handout(LINK)  # no question, no heading
    assert main([*argv, "--question", " "]) == 2
    assert "a question is empty" in capsys.readouterr().err
    assert main([*argv, "--question", "x" * (MAX_QUESTIONS + 1)]) == 2
    assert f"at most {MAX_QUESTIONS} fit" in capsys.readouterr().err
    assert sum(map(len, QUESTIONS)) <= MAX_QUESTIONS  # the printed test's worst case


def test_a_machine_named_server_is_not_the_placeholder() -> None:
    assert "seed 1" in handout("http://server:8866/?seed=1")
    with pytest.raises(SpadesError, match="SERVER is the docs' placeholder"):
        handout("http://SERVER:8866/?rules=classic&seed=2024")  # the README's link


def test_the_bots_levels_of_the_link_are_on_the_page() -> None:
    page = handout("http://10.0.0.5:8866/?rules=classic&opponents=expert")
    assert "levels: opponents expert." in page


def test_the_start_of_the_link_is_on_the_page() -> None:
    page = handout("http://10.0.0.5:8866/?rules=classic&seed=3&scores=NS=440,EW=470")
    assert "The game starts from North-South (you) 440, East-West 470." in page
    with pytest.raises(SpadesError, match="cannot start a game"):
        handout("http://10.0.0.5:8866/?rules=classic&scores=NS=510")
