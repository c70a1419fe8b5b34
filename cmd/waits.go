package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/waits"
	"github.com/spf13/cobra"
)

type waitsOptions struct {
	scoreOptions
	Seen, Discards, Passed string
	Riichi                 bool
}

func newWaitsCmd(f *factory, runF func(*waitsOptions) error) *cobra.Command {
	o := &waitsOptions{scoreOptions: scoreOptions{IO: f.IO}}
	cmd := &cobra.Command{
		Use:   "waits HAND | -",
		Short: "Show how far a hand is from ready, what it waits on and what each win would be worth",
		Long: `For 13 tiles (plus melds): the shanten number of the standard shape, seven pairs and thirteen
orphans, and the best among the shapes the ruleset allows; when ready, every winning tile with how many
copies are still unseen (4 minus those in the hand, the melds and --seen) and what the win would be
worth under the ruleset, on a discard and by self-draw. A tile counts as a wait even when all four copies
are already in the hand (unseen 0).

Where the ruleset judges furiten (riichi), --discards (the player's own discards), --passed (the
discards of others the player let go since their own last discard, or since riichi with --riichi)
and --riichi say what the player did: a ready hand that is furiten may not win on a discard (the
verdict names the rule and its ruleset line), only by self-draw. They count as seen.

For 14 tiles: for each discard, the shanten number after it and how many unseen tiles would improve it.

With '-', hands are read from standard input, one per line, and each is answered as soon as it is
done, in input order (-o jsonl for one JSON object per line).`,
		Example: `  mjref waits 1112345678999m
  mjref waits '123m456p789s11z45s' --seen 3s6s -o json
  mjref waits 123m456p789s11z459s`,
		RunE: handRunE(f, o, runF, waitsRun),
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Seat, "seat", "E", "the player's seat wind: E|S|W|N")
	fl.StringVar(&o.Prevailing, "prevailing", "E", "the prevailing (round) wind: E|S|W|N")
	fl.StringVar(&o.Seen, "seen", "", "tiles seen elsewhere (discards, others' melds), e.g. 3s6s1z")
	fl.StringVar(&o.Discards, "discards", "", "the player's own discards this hand, where the ruleset judges furiten, e.g. 9s1z")
	fl.StringVar(&o.Passed, "passed", "", "others' discards the player let go since their last discard (with --riichi: since riichi)")
	fl.BoolVar(&o.Riichi, "riichi", false, "the player has declared riichi (furiten lasts the hand; the wins count riichi)")
	fl.StringVar(&o.Card, "card", "", "American: a card file or built-in card name (default: the ruleset's card)")
	return cmd
}

// waitsView is one analysis (see engine.WaitsView).
type waitsView = engine.WaitsView

func waitsRun(_ context.Context, o *waitsOptions, f *factory) error {
	e, err := f.Engine(o.Card)
	if err != nil {
		return err
	}
	analyze, err := e.Waiter(engine.WaitsRequest{Seat: o.Seat, Prevailing: o.Prevailing, Seen: o.Seen,
		Discards: o.Discards, Passed: o.Passed, Riichi: o.Riichi})
	if err != nil {
		return err
	}
	if o.Batch {
		return runBatchResult(o.IO, batch{format: batchFormat(o.Output), handle: func(l batchLine) (any, bool, error) {
			v, err := analyze(l.Text)
			if err != nil {
				return nil, false, err
			}
			v.InputLine = l.N
			return v, v.Positive(), nil
		}, table: func(w io.Writer, l batchLine, v any) error {
			fmt.Fprintf(w, "line %d: ", l.N)
			return renderWaits(w, v.(*waitsView))
		}})
	}
	v, err := analyze(o.Hand)
	if err != nil {
		return err
	}
	return renderResult(o.IO.Out, o.Output, v, renderWaits, v.Positive())
}

func shantenText(p *int) string {
	if p == nil {
		return "-"
	}
	if *p == -1 {
		return "complete"
	}
	return fmt.Sprint(*p)
}

func valueText(v *waits.Value) string {
	if v == nil {
		return ""
	}
	if !v.Valid {
		if v.Rule != "" {
			return fmt.Sprintf("%s (%d %s)", v.Rule, v.Total, v.Unit)
		}
		if v.Total > 0 {
			return fmt.Sprintf("%d %s (not a win)", v.Total, v.Unit)
		}
		return "not a win"
	}
	s := fmt.Sprintf("%d %s", v.Total, v.Unit)
	if v.Line != "" {
		s = v.Line + " " + s
	}
	if v.Payout != "" {
		s += ", collects " + v.Payout.String()
	}
	return s
}

func renderWaits(w io.Writer, v *waitsView) error {
	fmt.Fprintf(w, "hand:     %s (%d tiles)\nruleset:  %s\n", v.Hand, v.Tiles, v.Ruleset)
	if v.Shanten.Standard != nil || v.Shanten.SevenPairs != nil || v.Shanten.ThirteenOrphans != nil {
		fmt.Fprintf(w, "shanten:  standard %s, seven pairs %s, thirteen orphans %s; best %s\n",
			shantenText(v.Shanten.Standard), shantenText(v.Shanten.SevenPairs), shantenText(v.Shanten.ThirteenOrphans), shantenText(&v.Shanten.Best))
	}
	if v.Tiles == 14 {
		if v.Complete {
			fmt.Fprintln(w, "verdict:  the hand is already a winning shape; score it with 'mjref score'")
		}
		if len(v.Discards) == 0 {
			fmt.Fprintln(w, "verdict:  no discard leaves the hand ready")
			return nil
		}
		var rows [][]string
		for _, d := range v.Discards {
			rows = append(rows, []string{d.Tile.String(), shantenText(&d.Shanten), notation.FormatTiles(d.Improving), fmt.Sprint(d.Unseen)})
		}
		return table(w, []string{"discard", "shanten after", "improving tiles", "unseen"}, rows)
	}
	if !v.Ready {
		fmt.Fprintln(w, "verdict:  not ready")
		return nil
	}
	var tiles []string
	var rows [][]string
	for _, x := range v.Waits {
		tiles = append(tiles, x.Tile.String())
		var onDiscard, selfDrawn string
		if x.Value != nil {
			onDiscard, selfDrawn = valueText(&x.Value.Discard), valueText(&x.Value.SelfDraw)
		}
		rows = append(rows, []string{x.Tile.String(), fmt.Sprint(x.Unseen), onDiscard, selfDrawn})
	}
	fmt.Fprintf(w, "verdict:  ready, waiting on %s\n", strings.Join(tiles, " "))
	if f := v.Furiten; f != nil {
		cite := f.Rule
		if f.Source != nil {
			cite += " " + f.Source.String()
		}
		fmt.Fprintf(w, "furiten:  %s (%s)\n", strings.TrimPrefix(f.Reason, "furiten: "), cite)
	}
	return table(w, []string{"wait", "unseen", "on a discard", "self-drawn"}, rows)
}
