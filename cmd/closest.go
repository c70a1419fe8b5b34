package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
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
keeps live, then by the tiles the closest line still needs: every distinct tile held, flowers and
jokers too (a discarded joker is dead; among equal discards the joker comes last).

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
	f.completeFlag(cmd, "card", withFiles(engine.ListCards(), "yaml", "yml"))
	return cmd
}

func (o *closestOptions) setInput(hand string, batch bool, output string) error {
	o.Hand, o.Batch, o.Output = hand, batch, output
	return nil
}

// closestLineBytes is about what one ranking of the sample card's 25 lines takes in JSON.
const closestLineBytes = 7 << 10

// closestView is one ranking (see engine.ClosestView).
type closestView = engine.ClosestView

func closestRun(_ context.Context, o *closestOptions, f *factory) error {
	e, err := f.Engine(o.Card)
	if err != nil {
		return err
	}
	rank, err := e.Closer(engine.ClosestRequest{Seen: o.Seen, Top: family.Whole(o.Top)})
	if err != nil {
		return err
	}
	if o.Batch {
		b := batch{format: batchFormat(o.Output), handle: func(l batchLine) (any, bool, error) {
			v, err := rank(l.Text)
			if err != nil {
				return nil, false, err
			}
			v.InputLine = l.N
			return v, !v.Dead, nil
		}, table: func(w io.Writer, l batchLine, v any) error {
			fmt.Fprintf(w, "line %d: ", l.N)
			return renderClosest(w, v.(*closestView))
		}}
		if o.Top == 0 {
			b.lineBytes = closestLineBytes // every line of the card, from the first chunk on
		}
		return runBatchResult(o.IO, b)
	}
	v, err := rank(o.Hand)
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

func plural(n int, word string) string { return words.Count(n, word) }
