package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/american"
	"github.com/spf13/cobra"
)

type closestOptions struct {
	IO     *IOStreams
	Output string
	Hand   string
	Batch  bool
	Card   string // a card file or built-in card name; empty means the ruleset's card
	Top    int    // how many lines to show; 0 shows every line
	Seen   string // tiles no longer available: discards and other players' exposures
}

func newClosestCmd(f *factory, runF func(*closestOptions) error) *cobra.Command {
	o := &closestOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "closest HAND | -",
		Short: "American: rank the card's lines by how many tiles a hand still needs",
		Long: `For an American hand in progress (13 tiles, or 14 after a draw), rank every line of the card by how
many tiles the hand still needs, jokers counted only where they may stand (sets of three or more
identical tiles). Each line shows the missing tiles of its best concrete hand and the tiles that have
no place in it.

A line is dead when the hand's exposures rule it out (a concealed line, or an exposure that fits no set
of the line) or when the tiles it needs are no longer to be had given --seen: the discards and the other
players' exposures (not your own tiles). A joker in --seen counts as a discarded joker; write others'
exposures in brackets ('[666pJ]'): their naturals are gone, but their jokers can still be redeemed, and
the output notes them. When every line is dead the hand is dead: exit 1.

With 14 tiles (after a draw) and no line complete, a second table ranks every discard by the lines it
keeps live, then by the tiles the closest line still needs.

Live lines come first, then fewer tiles needed, higher value, card order.
With '-', hands are read from standard input, one per line, and each is answered as soon as it is
done, in input order (-o jsonl for one JSON object per line).

Exit status: 0 at least one line is live, 1 a dead hand, 2 bad input (or a ruleset that is not American).`,
		Example: `  mjref closest 'NN 2026m SS 666p 66s' --rules american
  mjref closest 'ff 2222m 44m 666p 8p J' --rules american --top 3
  mjref closest '2026m NN 666p [666s] 1s' --rules american --seen 'NN SSSS' -o json
  mjref closest 'NN 2026m SS 666p 66s 9p' --rules american --top 3
  mjref closest 'ff 2222m 44m 666p 8p J' --rules american --seen '9p [GdGdJ]'
  mjref closest '1111m 33m 555p 77p 99s' --rules american --card my-card.yaml`,
		RunE: handRunE(f, o, runF, closestRun),
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Card, "card", "", "a card file or built-in card name (default: the ruleset's card; see 'mjref card list')")
	fl.IntVar(&o.Top, "top", 0, "show only the N closest lines (0: every line)")
	fl.StringVar(&o.Seen, "seen", "", "tiles no longer available: discards and others' exposures in brackets, e.g. 'NNN 3m J [666pJ]'")
	f.completeFlag(cmd, "card", withFiles(rulesets.ListCards(), "yaml", "yml"))
	return cmd
}

func (o *closestOptions) setInput(hand string, batch bool, output string) error {
	o.Hand, o.Batch, o.Output = hand, batch, output
	if o.Top < 0 {
		return usageErrorf("--top %d: give a positive number of lines, or 0 for all", o.Top)
	}
	return nil
}

// closestView is the JSON shape of one ranking.
type closestView struct {
	InputLine  int                  `json:"input_line,omitempty"`
	Hand       string               `json:"hand"`
	Ruleset    string               `json:"ruleset"`
	Card       string               `json:"card"`
	Tiles      int                  `json:"tiles"`
	Seen       []notation.Tile      `json:"seen"`
	Dead       bool                 `json:"dead"` // every line is dead: a dead hand
	Candidates []american.Candidate `json:"candidates"`
	// Discards ranks the discards of a 14-tile hand by the lines each keeps live.
	Discards []american.DiscardOption `json:"discards,omitempty"`
	// Redeemable lists the exposures in --seen whose jokers can still be redeemed.
	Redeemable []string `json:"redeemable,omitempty"`
}

// closester ranks hands against one card; it is safe for concurrent use.
type closester struct {
	rs         *rulesets.Ruleset
	card       *american.Card
	seen       notation.Counts
	redeemable []string
	top        int
}

func newClosester(f *factory, o *closestOptions) (*closester, error) {
	rs, err := f.Ruleset()
	if err != nil {
		return nil, err
	}
	if rs.Family != rulesets.FamilyAmerican {
		return nil, withHint(fmt.Errorf("closest ranks the lines of an American card: ruleset %s is of the %s family", rs.Name, rs.Family),
			"use --rules american (or an American ruleset file)")
	}
	card, err := rulesetCard(rs, o.Card)
	if err != nil {
		return nil, err
	}
	seen, redeemable, err := parseAmericanSeen(o.Seen, rs)
	if err != nil {
		return nil, err
	}
	return &closester{rs: rs, card: card, seen: seen, redeemable: redeemable, top: o.Top}, nil
}

// parseAmericanSeen reads --seen: loose tiles (discards; a J is a discarded joker) and, in brackets,
// other players' exposures, whose naturals are gone but whose jokers can still be redeemed.
func parseAmericanSeen(s string, rs *rulesets.Ruleset) (notation.Counts, []string, error) {
	if !strings.ContainsAny(s, "[]") {
		seen, err := parseSeen(s, rs, "'NNN 3m Wd J [666pJ]'")
		return seen, nil, err
	}
	h, err := notation.ParseWith(s, notationOptions(rs))
	if err != nil {
		return notation.Counts{}, nil, withHint(fmt.Errorf("--seen: %w", err), "list discards as tiles and others' exposures in brackets, e.g. --seen 'NNN 3m J [666pJ]'")
	}
	seen := h.Concealed
	for _, b := range h.Bonus {
		seen[b.Tile]++
	}
	var redeemable []string
	for _, m := range h.Melds {
		seen[m.Tile] += uint8(m.Naturals())
		if m.Jokers > 0 {
			redeemable = append(redeemable, m.String())
		}
	}
	if err := checkCopies(&seen, nil); err != nil {
		return seen, nil, err
	}
	return seen, redeemable, nil
}

// rank parses one hand and ranks the card's lines for it.
func (c *closester) rank(text string) (*closestView, error) {
	h, err := notation.ParseWith(text, notationOptions(c.rs))
	if err != nil {
		return nil, err
	}
	if err := checkAmericanHand(&h, &c.seen); err != nil {
		return nil, err
	}
	cands := american.Closest(c.card, &h, c.seen, c.top)
	var discards []american.DiscardOption
	if americanTiles(&h) == american.HandTiles && (len(cands) == 0 || cands[0].Need > 0) {
		discards = american.Discards(c.card, &h, c.seen)
		if c.top > 0 && len(discards) > c.top {
			discards = discards[:c.top]
		}
	}
	h.Win = notation.NoTile // a hand in progress has no winning tile to mark
	return &closestView{
		Discards:   discards,
		Redeemable: c.redeemable,
		Hand:       notation.Format(h),
		Ruleset:    c.rs.Name,
		Card:       c.card.Name,
		Tiles:      americanTiles(&h),
		Seen:       c.seen.Tiles(),
		Dead:       american.AllDead(cands),
		Candidates: cands,
	}, nil
}

// americanTiles counts a hand's tiles as American play does: every tile of a set counts, flowers too.
func americanTiles(h *notation.Hand) int {
	n := h.Concealed.Total() + len(h.Bonus)
	for _, m := range h.Melds {
		n += m.Size()
	}
	return n
}

// checkAmericanHand rejects what cannot be an American hand in progress: a wrong number of tiles, an
// exposure that is not a set or holds no natural tile, or more copies of a tile than the set has once
// the seen tiles are counted.
func checkAmericanHand(h *notation.Hand, seen *notation.Counts) error {
	if n := americanTiles(h); n != american.HandTiles-1 && n != american.HandTiles {
		return withHint(fmt.Errorf("%d tiles: closest needs 13, or 14 after a draw", n),
			"every tile counts, kongs as 4 and flowers too, e.g. 'ff 2222m 44m 666p 88p' is 13 tiles")
	}
	for _, m := range h.Melds {
		switch {
		case m.Kind == notation.Chow:
			return withHint(fmt.Errorf("%s: a run is never exposed in American play", m), "expose only sets: [666p], [2222mJ]")
		case m.Size() < 3:
			return withHint(fmt.Errorf("%s is not a set: an exposure holds 3 or more identical tiles", m), "expose only sets: [666p], [2222mJ]")
		case !m.Concealed && m.Naturals() < 1:
			return withHint(fmt.Errorf("%s: an exposure holds at least one natural tile", m), "write the exposed tile with its jokers, e.g. [6pJJ]")
		}
	}
	all := h.All()
	for _, b := range h.Bonus {
		all[b.Tile]++
	}
	var flowers, jokers int
	for t, n := range all {
		tile := notation.Tile(t)
		k := int(n) + int(seen[t])
		switch {
		case tile == notation.Joker:
			jokers += k
		case tile.IsBonus():
			flowers += k
		case tile.IsPlaying() && k > 4:
			return withHint(fmt.Errorf("%d of %s between the hand and --seen: the set has four", k, tile), "--seen lists only tiles outside your hand")
		}
	}
	if flowers > 8 {
		return withHint(fmt.Errorf("%d flowers between the hand and --seen: the set has eight", flowers), "--seen lists only tiles outside your hand")
	}
	if jokers > american.MaxJokers {
		return withHint(fmt.Errorf("%d jokers between the hand and --seen: the set has eight", jokers), "--seen lists only tiles outside your hand")
	}
	return nil
}

func closestRun(_ context.Context, o *closestOptions, f *factory) error {
	c, err := newClosester(f, o)
	if err != nil {
		return err
	}
	if o.Batch {
		return runBatchResult(o.IO, batch{format: batchFormat(o.Output), handle: func(l batchLine) (any, bool, error) {
			v, err := c.rank(l.Text)
			if err != nil {
				return nil, false, err
			}
			v.InputLine = l.N
			return v, !v.Dead, nil
		}, table: func(w io.Writer, l batchLine, v any) error {
			fmt.Fprintf(w, "line %d: ", l.N)
			return renderClosest(w, v.(*closestView))
		}})
	}
	v, err := c.rank(o.Hand)
	if err != nil {
		return err
	}
	return renderResult(o.IO.Out, o.Output, v, renderClosest, !v.Dead)
}

func renderClosest(w io.Writer, v *closestView) error {
	fmt.Fprintf(w, "hand:     %s (%d tiles)\nruleset:  %s, card %s\n", v.Hand, v.Tiles, v.Ruleset, v.Card)
	if len(v.Seen) > 0 {
		fmt.Fprintf(w, "seen:     %s\n", notation.FormatTiles(v.Seen))
	}
	rows := make([][]string, 0, len(v.Candidates))
	for _, c := range v.Candidates {
		status := "live"
		if c.Dead {
			status = "dead: " + c.Why
		}
		rows = append(rows, []string{c.Line, c.Section, fmt.Sprint(c.Value), concealedMark(c.Concealed), fmt.Sprint(c.Need),
			tileList(c.Missing), tileList(c.Extra), c.Hand, status})
	}
	if err := table(w, []string{"line", "section", "value", "C/X", "need", "missing", "no place", "best hand", "status"}, rows); err != nil {
		return err
	}
	switch {
	case len(v.Candidates) == 0:
		fmt.Fprintln(w, "verdict:  the card has no lines")
	case v.Dead:
		fmt.Fprintln(w, "verdict:  a dead hand: every line of the card is dead")
	default:
		best := v.Candidates[0]
		if best.Need == 0 && v.Tiles == american.HandTiles {
			fmt.Fprintf(w, "verdict:  complete: %s (%s, %d); score it with 'mjref score --rules %s'\n", best.Line, best.Section, best.Value, v.Ruleset)
			return nil
		}
		fmt.Fprintf(w, "verdict:  closest is %s (%s, %d), %s short\n", best.Line, best.Section, best.Value, plural(best.Need, "tile"))
	}
	if len(v.Redeemable) > 0 {
		what, each := "joker", "it"
		if len(v.Redeemable) > 1 || strings.Count(v.Redeemable[0], "J") > 1 {
			what, each = "jokers", "each"
		}
		fmt.Fprintf(w, "note:     the %s in %s can still be redeemed: on your turn, a natural tile from your hand for %s\n",
			what, strings.Join(v.Redeemable, " "), each)
	}
	if len(v.Discards) == 0 {
		return nil
	}
	fmt.Fprintln(w, "discards: the lines each discard keeps live, most first")
	rows = rows[:0]
	for _, d := range v.Discards {
		best, need := "-", "-"
		if d.Need >= 0 {
			best, need = d.Best, fmt.Sprint(d.Need)
		}
		rows = append(rows, []string{d.Tile.String(), fmt.Sprint(d.Live), best, need, fmt.Sprint(d.AtBest)})
	}
	return table(w, []string{"discard", "live lines", "closest", "need", "lines at that need"}, rows)
}

// concealedMark is a card's mark for a line: C concealed, X exposures allowed.
func concealedMark(concealed bool) string {
	if concealed {
		return "C"
	}
	return "X"
}

// tileList prints tiles separated by spaces, so a table cell reads tile by tile.
func tileList(ts []notation.Tile) string { return joinText(ts, " ") }

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
