package cmd

import (
	"context"
	"fmt"
	"github.com/mjref/mjref/schema"
	"io"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/spf13/cobra"
)

type parseOptions struct {
	IO     *IOStreams
	Output string
	Hand   string
	Batch  bool
}

func newParseCmd(f *factory, runF func(*parseOptions) error) *cobra.Command {
	o := &parseOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "parse HAND | -",
		Short: "Read a hand in tile notation and print its canonical form and tiles",
		Long: `Read a hand in MPSZ tile notation and print it back in canonical form, with its tiles by suit,
its melds, its bonus tiles and its winning tile. Use it to check what mjref understood.
With '-', hands are read from standard input, one per line. See 'mjref help notation'.`,
		Example: `  mjref parse '123m456p789s11z [555p]'
  mjref parse 'E E E Rd Rd 123s [555p@W] 2f*' -o json
  printf '123m456p789s11z\n19m19p19s1234567z\n' | mjref parse - -o jsonl`,
		RunE: handRunE(f, o, runF, parseRun),
	}
	return cmd
}

func (o *parseOptions) setInput(hand string, batch bool, output string) error {
	o.Hand, o.Batch, o.Output = hand, batch, output
	return nil
}

func parseRun(_ context.Context, o *parseOptions, f *factory) error {
	// The ruleset decides how a few symbols read: under American rules 0 is the white dragon.
	rs, err := f.Ruleset()
	if err != nil {
		return err
	}
	opt := notationOptions(rs)
	parse := func(l batchLine) (any, bool, error) {
		h, err := notation.ParseWith(l.Text, opt)
		if err != nil {
			return nil, false, err
		}
		return schema.NewParse(h, opt), true, nil
	}
	if o.Batch {
		numbered := func(l batchLine) (any, bool, error) {
			v, ok, err := parse(l)
			if err != nil {
				return v, ok, err
			}
			hv := v.(schema.Parse)
			hv.InputLine = l.N
			return hv, ok, nil
		}
		return runBatchResult(o.IO, batch{handle: numbered, format: batchFormat(o.Output),
			table: func(w io.Writer, _ batchLine, v any) error {
				return renderHandTable(w, v.(schema.Parse), notationOptions(rs))
			}})
	}
	v, _, err := parse(batchLine{N: 1, Text: o.Hand})
	if err != nil {
		return err
	}
	defer plusHint(o.IO, o.Output, o.Hand, rs)
	return renderHand(o, v.(schema.Parse), notationOptions(rs))
}

func renderHand(o *parseOptions, v schema.Parse, opt notation.Options) error {
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, v)
	}
	return renderHandTable(o.IO.Out, v, opt)
}

// renderHandTable draws the parsed hand; opt says how its tiles are counted.
func renderHandTable(w io.Writer, v schema.Parse, opt notation.Options) error {
	rows := [][]string{{"canonical", v.Canonical}}
	if v.ZeroIsWhite {
		rows = append(rows, []string{"zero", "0 is the white dragon (5z), as American cards write it"})
	}
	for _, s := range []string{"characters", "dots", "bamboo", "honours", "joker"} {
		if ts, ok := v.BySuit[s]; ok {
			rows = append(rows, []string{s, ts})
		}
	}
	for _, m := range v.Melds {
		desc := m.Kind
		if m.Concealed {
			desc = "concealed " + desc
		} else {
			desc = "exposed " + desc
		}
		if m.From != "" {
			desc += ", claimed from " + m.From
		}
		rows = append(rows, []string{"meld", m.Notation + "  " + desc})
	}
	if len(v.Bonus) > 0 {
		rows = append(rows, []string{"bonus", strings.Join(v.Bonus, " ")})
	}
	win := "-"
	if v.WinTile != nil {
		win = v.WinTile.String() + " (" + v.WinTile.Name() + ")"
	}
	rows = append(rows, []string{"winning tile", win}, []string{"tiles", fmt.Sprintf("%d (%s)", v.Tiles, opt.Counting())})
	return table(w, []string{"part", "tiles"}, rows)
}

// plusHint prints, under table output, the hint for a hand written one tile over with its winning
// tile after '+' (notation.PlusHint: "99p+9p" is three tiles); nothing when the hand does not parse
// or needs no hint.
func plusHint(ios *IOStreams, format, input string, rs *rulesets.Ruleset) {
	if format != FormatTable {
		return
	}
	h, err := notation.ParseWith(input, notationOptions(rs))
	if err != nil {
		return
	}
	if hint := notation.PlusHint(input, &h); hint != "" {
		fmt.Fprintf(ios.ErrOut, "mjref: hint: %s\n", hint)
	}
}
