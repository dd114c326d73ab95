"""The Hall of Fame (Munter's: top 15 by accumulated points) and the player's statistics.

Both read ``casino.persistence.Records`` when they open or when asked to (a sort, a clear);
drawing only shows what was read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from casino.engine.errors import CasinoError
from casino.i18n import N_, _, ngettext
from casino.persistence import FameRow, GameSummary, Records, Stats
from casino.persistence.records import SEVERAL_LEVELS, SortKey
from casino.persistence.rulesets import get_ruleset
from casino.ui.layout import Box, DialogLayout, dialog_layout, fit_font, inside
from casino.ui.scene import (
    DIM,
    ERROR,
    HILITE,
    TEXT,
    Button,
    draw_text,
    post_action,
    text_width,
    wrap_evenly,
)
from casino.ui.scenes.dialogs import ConfirmScene, Dialog
from casino.ui.session import level_label, shown_name
from casino.ui.words import decimal, notice_text, percent

if TYPE_CHECKING:
    from casino.ui.app import App


@dataclass(frozen=True)
class Column:
    title: str
    share: float  # of the table's width
    align: str = "right"  # "left", "right" or "center"
    long: str = ""  # a plainer head, where there is room for it ("Points a round")


def column_boxes(box: Box, columns: list[Column]) -> list[Box]:
    """Split a row ``box`` into the columns' cells by their shares (pure: the layout tests
    call it)."""
    return split_row(box, [c.share for c in columns])


def split_row(box: Box, shares: list[float]) -> list[Box]:
    """``box`` cut into cells as wide as ``shares`` say, in proportion, filling it."""
    x, y, w, h = box
    total = sum(shares) or 1
    out: list[Box] = []
    left = x
    for k, share in enumerate(shares):
        cw = x + w - left if k == len(shares) - 1 else round(w * share / total)
        out.append((left, y, cw, h))
        left += cw
    return out


CELL_ROOM = 14
"""Pixels a cell keeps beside its text: the 6-8 it is inset by and a gap to the next."""


def fitted_boxes(box: Box, needs: list[int]) -> list[Box] | None:
    """``box`` cut into cells each at least as wide as its ``needs`` (what its widest text
    takes, ``column_needs``), the room over shared in proportion; None if they do not fit.
    (Shares of the width chosen once cut "Pts/round" and the Swedish "Sopningar" at 640x400
    while the numbers under them left half their cells empty.)"""
    spare = box[2] - sum(needs)
    if spare < 0:
        return None
    return split_row(box, [need + spare * need / max(sum(needs), 1) for need in needs])


def column_needs(heads: list[str], body: list[list[str]], size: int,
                 bold_body: bool = False) -> list[int]:
    """How wide each column's cells must be to show its head (bold) and every text of the
    ``body`` under it whole at ``size``."""
    return [max([text_width(head, size, True)]
                + [text_width(row[k], size, bold_body) for row in body]) + CELL_ROOM
            for k, head in enumerate(heads)]


def table_boxes(box: Box, columns: list[Column], heads: list[str], body: list[list[str]],
                size: int, bold_body: bool = False) -> list[Box]:
    """The cells of a table's row ``box``: each as wide as its texts need where they all
    fit, else by the columns' shares (a text may then be shrunk or cut)."""
    return fitted_boxes(box, column_needs(heads, body, size, bold_body)) \
        or column_boxes(box, columns)


def in_row(cells: list[Box], box: Box) -> list[Box]:
    """The head row's ``cells`` moved down into the row ``box``."""
    return [(x, box[1], w, box[3]) for x, _0, w, _0 in cells]


@dataclass(frozen=True)
class Table:
    """A table as drawn: its columns, heads, rows of text, the head row's cells, and
    whether it shows one page of its columns."""

    columns: list[Column]
    heads: list[str]
    body: list[list[str]]
    cells: list[Box]
    paged: bool


def draw_cells(surface: pygame.Surface, cells: list[Box], columns: list[Column],
               values: list[str], font: int, colour: tuple[int, int, int],
               bold: bool = False) -> None:
    for cell, column, value in zip(cells, columns, values, strict=True):
        x, y, w, h = cell
        if column.align == "left":
            draw_text(surface, value, font, (x + 6, y + h // 2), colour, "midleft", bold,
                      max_width=w - 10)
        elif column.align == "center":
            draw_text(surface, value, font, (x + w // 2, y + h // 2), colour, "center", bold,
                      max_width=w - 10)
        else:
            draw_text(surface, value, font, (x + w - 8, y + h // 2), colour, "midright", bold,
                      max_width=w - 10)


SMALLEST = 10
"""The smallest type these screens draw, in pixels: the tables' at 640x400 (the body font
less two) and the help under them, which at 9 pixels was the one line smaller."""


def note_size(font: int) -> int:
    """The type of the help under a table: three smaller than the body, not below
    ``SMALLEST``."""
    return max(SMALLEST, font - 3)


class RecordsDialog(Dialog):
    """A table of records with clickable column heads and a line for problems."""

    wide = 0.9

    def __init__(self, app: App, title: str, buttons: list[Button]) -> None:
        super().__init__(app, title, buttons)
        self.records: Records | None = None
        self.problems: list[str] = []
        self.rows = 18

    def open_records(self) -> Records:
        if self.records is None:
            records, messages = Records.open()
            self.records = records
            self.problems.extend(messages)
        return self.records

    def take_read_errors(self) -> None:
        if self.records is not None and self.records.read_errors:
            self.problems.extend(self.records.read_errors)
            self.records.read_errors.clear()

    def layout(self) -> DialogLayout:
        """Nine tenths of a wide window; all of a small one, whose tables need every pixel
        (at 640x400 a tenth was 60 pixels the Statistics' columns went without)."""
        w, h = self.app.screen.get_size()
        return dialog_layout(w, h, self.rows, len(self.buttons), fit_font(h),
                             self.wide if w >= 1000 else 1.0)

    def table_rows(self) -> list[Box]:
        """The head row then the body rows (after any row the subclass uses above), over
        the rows the note at the bottom takes."""
        rows = self.layout().rows
        return list(rows[self.top_rows():len(rows) - self.note_rows()])

    def top_rows(self) -> int:
        return 0

    def help_text(self) -> str:
        """The line of help under the table, where no problem is said."""
        return ""

    def note_lines(self) -> list[str]:
        """The last problem, or else the help, wrapped to the dialog's width: a long
        problem ("damaged (the table hall_of_fame and the columns ... are missing); kept as
        ...") is read whole on as many lines as it takes, not cut with an ellipsis."""
        text = notice_text(self.problems[-1]) if self.problems else self.help_text()
        if not text:
            return []
        size = note_size(fit_font(self.app.screen.get_height()))
        return wrap_evenly(text, size, self.layout().rows[-1][2] - 8)  # no word left alone

    def note_rows(self) -> int:
        """How many of the dialog's last rows the note takes (one at least)."""
        lay = self.layout()
        size = note_size(fit_font(self.app.screen.get_height()))
        row_h = lay.rows[-1][1] - lay.rows[-2][1] if len(lay.rows) > 1 else lay.rows[-1][3]
        needed = len(self.note_lines()) * round(size * 1.3)
        return max(1, min(len(lay.rows) // 2, math.ceil(needed / max(row_h, 1))))

    def draw_note(self, surface: pygame.Surface, font: int) -> None:
        """The problem in red from the left, or the help in grey, centred."""
        rows = self.layout().rows
        x, y, w, _0 = rows[len(rows) - self.note_rows()]
        size = note_size(font)
        step = round(size * 1.3)
        lines = self.note_lines()
        y += max(0, (rows[-1][1] + rows[-1][3] - y - step * len(lines)) // 2)  # centred
        for k, line in enumerate(lines):
            at = y + k * step
            if self.problems:
                draw_text(surface, line, size, (x + 4, at), ERROR, max_width=w - 8)
            else:
                draw_text(surface, line, size, (x + w // 2, at), DIM, "midtop", max_width=w)

    def draw(self, surface: pygame.Surface) -> None:
        from casino.ui import assets

        surface.blit(assets.felt(surface.get_size()), (0, 0))
        self.draw_frame(surface)


FAME_COLUMNS = [Column("#", 0.5), Column(N_("Name"), 3.2, "left"), Column(N_("Games"), 1.2),
                Column(N_("Wins"), 1.2), Column(N_("Points"), 1.4),
                Column(N_("Win rate"), 1.4)]
FAME_KEYS: list[SortKey | None] = [None, "name", "games", "wins", "points", "win_rate"]


def fame_name(row: FameRow, person_too: bool) -> str:
    """A Hall of Fame row's name: a computer's with its level ("Computer (Expert)": a win
    against Easy and one against Expert looked alike), one kept from before the levels
    were told apart said so; ``person_too`` when a person has a row of the same name."""
    name = shown_name(row.name)
    if not row.computer:
        return name
    if row.level == SEVERAL_LEVELS:
        return _("{name} (several levels)").format(name=name)
    if row.level:
        return f"{name} ({level_label(row.level)})"
    return _("{name} (computer)").format(name=name) if person_too else name


class HallOfFameScene(RecordsDialog):
    """Top 15 by accumulated points; click a column head to sort by it, again to reverse."""

    def __init__(self, app: App) -> None:
        super().__init__(app, N_("Hall of Fame"), [
            Button(N_("Clear scores"), "clear"),
            Button(N_("Close"), "cancel", key=pygame.K_ESCAPE)])
        self.rows = 19  # the head, the top 15 and a help of three lines at 640x400 (18
        # rows left the 15th out under the Swedish help on "several levels")
        self.sort: SortKey = "points"
        self.descending = True
        self.fame: list[FameRow] = []
        self.focus = 1

    def enter(self) -> None:
        super().enter()
        self.refresh()

    def refresh(self) -> None:
        self.fame = self.open_records().hall_of_fame(self.sort, self.descending)
        self.buttons[0].enabled = bool(self.fame)  # nothing to clear: it asked all the same
        self.take_read_errors()

    def heads(self) -> list[str]:
        """The column heads, the sorted one with its arrow."""
        arrow = " \u25bc" if self.descending else " \u25b2"
        return [_(column.title) + (arrow if key == self.sort else "")
                for column, key in zip(FAME_COLUMNS, FAME_KEYS, strict=True)]

    def body(self) -> list[list[str]]:
        """The rows as text, as drawn."""
        people = {r.name for r in self.fame if not r.computer}
        return [[str(k + 1), fame_name(row, row.name in people), str(row.games), str(row.wins),
                 str(row.points), percent(row.win_rate)] for k, row in enumerate(self.fame)]

    def cells(self, box: Box) -> list[Box]:
        """The cells of the row ``box``, as wide as the heads and names need (measured with
        an arrow on every head, so that sorting does not move the columns)."""
        arrowed = [_(c.title) + ("" if key is None else " \u25bc")
                   for c, key in zip(FAME_COLUMNS, FAME_KEYS, strict=True)]
        size = fit_font(self.app.screen.get_height())
        return table_boxes(box, FAME_COLUMNS, arrowed, self.body(), size, bold_body=True)

    def head_boxes(self) -> list[Box]:
        return self.cells(self.table_rows()[0])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for key, box in zip(FAME_KEYS, self.head_boxes(), strict=True):
                if key is not None and inside(box, *event.pos):
                    post_action("sort", key)
                    return True
        return super().handle_event(event)

    def on_action(self, action: str, value: object) -> bool:
        if action == "sort" and isinstance(value, str):
            key: SortKey = value  # type: ignore[assignment]
            if key == self.sort:
                self.descending = not self.descending
            else:
                self.sort, self.descending = key, key != "name"
            self.refresh()
        elif action == "clear":
            if not self.buttons[0].enabled:  # Enter on it, reached with Tab
                return True
            self.app.stack.push(ConfirmScene(
                self.app, N_("Clear scores?"),
                _("Erase every name and score in the Hall of Fame? Your finished games and "
                  "statistics are kept."), N_("Clear scores"), self.clear))
        elif action == "cancel":
            self.close()
        else:
            return False
        return True

    def clear(self) -> None:
        error = self.open_records().clear_hall_of_fame()
        if error:
            self.problems.append(error)
        self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = fit_font(surface.get_height())
        rows = self.table_rows()
        pygame.draw.rect(surface, (34, 72, 52), pygame.Rect(rows[0]), border_radius=4)
        cells = self.cells(rows[0])
        draw_cells(surface, cells, FAME_COLUMNS, self.heads(), font, HILITE, bold=True)
        if not self.fame:
            x, y, w, h = rows[2]
            draw_text(surface, _("No scores yet: finish a game to enter the Hall of Fame."), font,
                      (x + w // 2, y + h // 2), DIM, "center", max_width=w)
        for row, texts, box in zip(self.fame, self.body(), rows[1:], strict=False):
            me = row.name == self.app.settings.player_name and not row.computer
            draw_cells(surface, in_row(cells, box), FAME_COLUMNS, texts, font,
                       HILITE if me else TEXT, bold=me)
        self.draw_note(surface, font)

    def help_text(self) -> str:
        # as ``Records.add_game`` counts them ("losers also lose the winner's" did not parse)
        said = _("Click a column head to sort by it; click again to reverse. After each "
                 "finished game the winner adds their points, and every other player their "
                 "points minus the winner's (after a draw, everyone their own points).")
        if any(r.computer and r.level == SEVERAL_LEVELS for r in self.fame):
            said += " " + _("\u201cSeveral levels\u201d: games recorded before each computer "
                            "level had a row of its own.")
        return said


STAT_COLUMNS = [Column("", 2.6, "left"), Column(N_("Games"), 1.0), Column(N_("Won"), 0.9),
                Column(N_("Drawn"), 1.0), Column(N_("Lost"), 0.9), Column(N_("Win %"), 1.0),
                Column(N_("Pts/round"), 1.3, long=N_("Points a round")),
                Column(N_("Sweeps"), 1.1), Column(N_("Best"), 0.9, long=N_("Best game")),
                Column(N_("Streak"), 1.1), Column(N_("Undo"), 0.9), Column(N_("Rating"), 1.1)]
STAT_PAGES = ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11))
"""Where the twelve columns do not fit (at 640x400, and in Swedish at 800x600), the label
and these at a time: the results, then the sweeps, best game, streak, undo and rating."""
TURN = Column("", 1.4, "center")
"""The head that turns to the other page of columns."""
TABS = (("rules", N_("By rules")), ("level", N_("By computer level")),
        ("daily", N_("Daily deals")))


def stat_cells(label: str, stats: Stats) -> list[str]:
    streak = _("{n} won").format(n=stats.streak) if stats.streak > 0 else \
        _("{n} lost").format(n=-stats.streak) if stats.streak < 0 else "\u2013"
    rating = str(stats.ratings) if stats.rated_games else "\u2013"
    return [label, str(stats.games), str(stats.wins), str(stats.draws), str(stats.losses),
            percent(stats.win_rate), decimal(stats.points_per_round), str(stats.sweeps),
            "\u2013" if stats.best_game is None else str(stats.best_game), streak,
            str(stats.undo_games), rating]


def ruleset_title(name: str) -> str:
    try:
        return _(get_ruleset(name).title)
    except CasinoError:
        return name


DAILY_COLUMNS = [Column(N_("Date"), 1.4, "left"), Column(N_("Rules"), 2.2, "left"),
                 Column(N_("Players"), 3.6, "left"), Column(N_("Score"), 1.6),
                 Column(N_("Result"), 1.4), Column(N_("Undo"), 0.9)]


class StatisticsScene(RecordsDialog):
    """The player's results overall, per ruleset, per computer level, and the daily deals."""

    def __init__(self, app: App) -> None:
        super().__init__(app, "", [Button(label, f"tab:{key}") for key, label in TABS]
                         + [Button(N_("Review last game"), "review", key=pygame.K_v),
                            Button(N_("Close"), "cancel", key=pygame.K_ESCAPE)])
        self.name = app.settings.player_name
        self.title = _("Statistics of {name}").format(name=self.name)
        self.tab = "rules"
        self.overall = Stats()
        self.by_rules: dict[str, Stats] = {}
        self.by_level: dict[str, Stats] = {}
        self.daily: list[GameSummary] = []
        self.focus = len(TABS) + 1
        self.last_game: int | None = None
        self.page = 0  # of STAT_PAGES, where the columns do not all fit

    def enter(self) -> None:
        super().enter()
        records = self.open_records()
        self.overall = records.stats(self.name)
        self.by_rules = records.stats_by_ruleset(self.name)
        self.by_level = records.stats_by_level(self.name)
        games = records.games(self.name, limit=200)
        self.daily = [g for g in games if g.daily is not None][:14]
        self.last_game = games[0].id if games else None
        self.buttons[len(TABS)].enabled = self.last_game is not None
        self.take_read_errors()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.tab != "daily" and self.table().paged:
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                    inside(in_row(self.table().cells, self.table_rows()[0])[-1], *event.pos):
                post_action("page", 1 - self.page)
                return True
            pages = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: 0}
            if event.type == pygame.KEYDOWN and event.key in pages:
                post_action("page", pages[event.key])
                return True
        return super().handle_event(event)

    def on_action(self, action: str, value: object) -> bool:
        if action.startswith("tab:"):
            self.tab = action[4:]
        elif action == "page" and isinstance(value, int):
            self.page = value
        elif action == "review" and self.last_game is not None:
            record = self.open_records().game_record(self.last_game)
            self.take_read_errors()
            if record is not None:
                from casino.ui.scenes.review import ReviewScene

                seat = record["players"].index(self.name) if self.name in record["players"] \
                    else 0
                self.app.stack.push(ReviewScene(self.app, record, seat))  # Close: back here
        elif action == "cancel":
            self.close()
        else:
            return False
        return True

    def body(self) -> list[list[str]]:
        """The rows of the current tab, as text (the tests read them)."""
        if self.tab == "rules":
            return [stat_cells(ruleset_title(n), s) for n, s in self.by_rules.items()]
        if self.tab == "level":
            order = {name: k for k, name in enumerate(
                ["random", "beginner", "greedy", "heuristic", "hard", "expert"])}
            return [stat_cells(level_label(n), s) for n, s in
                    sorted(self.by_level.items(), key=lambda kv: order.get(kv[0], 99))]
        rows = []
        for g in self.daily:
            me = g.names.index(self.name) if self.name in g.names else 0
            result = _("draw") if g.winner is None else _("won") \
                if g.totals[me] == max(g.totals) else _("lost")
            players = " v ".join(shown_name(n) for n in g.names)
            rows.append([g.daily.isoformat() if g.daily else "", ruleset_title(g.ruleset),
                         players, " \u2013 ".join(map(str, g.totals)), result,
                         _("yes") if g.undo_used else ""])
        return rows

    def table(self) -> Table:
        """What the table shows: every column, each as wide as its texts need, where they
        fit; else the label and one page of ``STAT_PAGES`` with a head that turns to the
        other (at 640x400 twelve columns squeezed into 564 pixels cut their heads, "Pts/rou…",
        "Sopni…", and shrank "Klassiskt kasino med s…" below a readable size). The cells are
        in the dialog's first row (``in_row`` moves them to the table's): the help under the
        table, which says how the table turns, decides how many rows are the table's."""
        head = self.layout().rows[0]
        size = fit_font(self.app.screen.get_height()) - 2
        body = self.body()
        if self.tab == "daily":
            heads = [_(c.title) for c in DAILY_COLUMNS]
            return Table(DAILY_COLUMNS, heads, body,
                         table_boxes(head, DAILY_COLUMNS, heads, body, size), False)
        label = _("Rules") if self.tab == "rules" else _("Against")
        plain = [label] + [_(c.long or c.title) for c in STAT_COLUMNS[1:]]
        short = [label] + [_(c.title) for c in STAT_COLUMNS[1:]]
        for heads in (plain, short):  # "Points a round" where it fits, else "Pts/round"
            whole = fitted_boxes(head, column_needs(heads, body, size))
            if whole is not None:
                return Table(STAT_COLUMNS, heads, body, whole, False)
        keep = [0, *STAT_PAGES[self.page]]
        columns = [STAT_COLUMNS[k] for k in keep] + [TURN]
        turn = _("More \u25b8") if self.page == 0 else _("\u25c2 Back")
        body = [[row[k] for k in keep] + [""] for row in body]
        for heads in (plain, short):
            heads = [heads[k] for k in keep] + [turn]
            cells = fitted_boxes(head, column_needs(heads, body, size))
            if cells is not None:
                return Table(columns, heads, body, cells, True)
        return Table(columns, heads, body, column_boxes(head, columns), True)

    def top_lines(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        """The lines above the table, one a row, with their type size and colour: the
        summary, whose statistics these are and how to see another name's (they go by the
        name typed on the title, which only the title said), and the Casino 33 rating where
        there is one. Wrapped, not cut: at 640x400 the Swedish summary lost its end."""
        font = fit_font(self.app.screen.get_height())
        small = font - 2
        _0, _0, w, _0 = self.layout().rows[0]
        s = self.overall
        if s.games:
            summary = "; ".join([
                ngettext("{n} game: {won} won, {drawn} drawn, {lost} lost ({rate})",
                         "{n} games: {won} won, {drawn} drawn, {lost} lost ({rate})",
                         s.games).format(n=s.games, won=s.wins, drawn=s.draws, lost=s.losses,
                                         rate=percent(s.win_rate)),
                _("{points} points a round").format(points=decimal(s.points_per_round)),
                ngettext("{n} sweep", "{n} sweeps", s.sweeps).format(n=s.sweeps),
                _("best game {points}").format(points=s.best_game),
                _("{n} with undo").format(n=s.undo_games)])
        else:
            summary = _("No finished games yet under this name.")
        whose = _("These are the games finished under the name \u201c{name}\u201d. To see "
                  "another name's, type that name on the title screen.").format(
            name=shown_name(self.name))
        lines = [(line, font, TEXT) for line in wrap_evenly(summary, font, w - 8)]
        lines += [(line, small, DIM) for line in wrap_evenly(whose, small, w - 8)]
        if s.rated_games:
            lines += [(line, small, HILITE) for line in wrap_evenly(
                _("Casino 33 rating: {points} points over {n} rated games").format(
                    points=s.ratings, n=s.rated_games), small, w - 8)]
        return lines

    def top_rows(self) -> int:
        return len(self.top_lines())

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = fit_font(surface.get_height())
        small = font - 2
        lay = self.layout()
        for (line, size, colour), (x, y, w, h) in zip(self.top_lines(), lay.rows,
                                                      strict=False):
            draw_text(surface, line, size, (x + 4, y + h // 2), colour, "midleft",
                      max_width=w - 8)
        for button in self.buttons:  # the open tab is lit, in bold where that fits whole
            if button.action == f"tab:{self.tab}":
                rect = pygame.Rect(button.box)
                pygame.draw.rect(surface, HILITE, rect, border_radius=6)
                label = _(button.label)  # "By computer level" in bold was shrunk at 640x400
                draw_text(surface, label, font, rect.center, (20, 40, 28), "center",
                          bold=text_width(label, font, True) <= rect.w - 8, max_width=rect.w - 8)
        rows = self.table_rows()
        table = self.table()
        cells = in_row(table.cells, rows[0])
        pygame.draw.rect(surface, (34, 72, 52), pygame.Rect(rows[0]), border_radius=4)
        if table.paged:  # the head that turns the page looks like the button it is
            turn = pygame.Rect(cells[-1]).inflate(-4, -2)
            hover = turn.collidepoint(pygame.mouse.get_pos())
            pygame.draw.rect(surface, (60, 110, 80) if hover else (34, 72, 52), turn,
                             border_radius=5)
            pygame.draw.rect(surface, HILITE, turn, 1, border_radius=5)
        draw_cells(surface, cells, table.columns, table.heads, small, HILITE, bold=True)
        if not table.body:
            bx, by, bw, bh = rows[2]
            empty = {"rules": _("Finish a game to see your results here."),
                     "level": _("Finish a game against the computer to see results per level."),
                     "daily": _("Switch on the daily deal on the title screen to play today's "
                                "cards.")}[self.tab]
            draw_text(surface, empty, font, (bx + bw // 2, by + bh // 2), DIM, "center",
                      max_width=bw)
        for texts, box in zip(table.body, rows[1:], strict=False):
            draw_cells(surface, in_row(cells, box), table.columns, texts, small, TEXT)
        self.draw_note(surface, font)

    def help_text(self) -> str:
        # a game put aside or left unfinished was missing without a word
        finished = _("Only finished games are counted: a game left or put aside is not.")
        if self.tab == "daily":
            return finished
        if self.table().paged and self.page == 0:
            return finished + " " + _("More \u25b8 (or PgDn): sweeps, best game, streak, undo "
                                      "and rating.")
        return finished + " " + _("Streak: games won or lost in a row up to the last. Undo: "
                                  "games in which you took a move back. Rating: Casino 33's "
                                  "rating points.")
