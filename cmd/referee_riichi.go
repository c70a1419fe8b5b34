package cmd

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/referee/riichilog"
)

// refereeRiichi replays a riichi game log (Tenhou mjlog, tenhou.net/6 JSON, mjai JSON Lines):
// every recorded result scored and settled by mjref and compared with what the log says was paid.
// The verdict is negative only with --check, when some result or the final scores differ.
func refereeRiichi(o *refereeOptions, data []byte, name string) error {
	switch {
	case o.Only != "":
		return usageErrorf("--only rules on a hand's steps: a riichi game log is compared with its record, with --check to make a difference exit 1")
	case o.By != "":
		return usageErrorf("--by names the seats of a hand's log: a riichi game log numbers its seats 0-3 itself")
	}
	g, err := riichilog.Read(data)
	if err != nil {
		return withHint(fmt.Errorf("%s: %w", name, err), "a riichi log is Tenhou's mjlog XML (plain or gzip), tenhou.net/6 JSON or mjai JSON Lines; see 'mjref referee --help'")
	}
	if o.RulesGiven {
		fmt.Fprintf(o.IO.ErrOut, "mjref: warning: a riichi game log is paid under the rules its own flags select (Tenhou's GO type): --rules %s is not used\n", o.Rules)
	}
	v := riichilog.Review(g)
	return renderResult(o.IO.Out, o.Output, v, renderRiichiGame, v.Agrees || !o.Check)
}

// renderRiichiGame writes the game for a person: one line a result, mjref's value and payments,
// and whether the log agrees.
func renderRiichiGame(w io.Writer, v riichilog.GameView) error {
	p := printer{w}
	r := v.Rules
	flags := []string{fmt.Sprintf("%d players", r.Players)}
	flags = append(flags, map[bool]string{true: "red fives", false: "no red fives"}[r.Red])
	flags = append(flags, map[bool]string{true: "kuitan", false: "no kuitan"}[r.Kuitan])
	flags = append(flags, map[bool]string{true: "hanchan", false: "tonpuusen"}[r.Hanchan])
	rules := strings.Join(flags, ", ")
	if r.Type >= 0 {
		rules += fmt.Sprintf(" (GO type %d)", r.Type)
	}
	if !r.Stated {
		rules += " (assumed: the log states none)"
	}
	fmt.Fprintf(w, "game:     %s, %s\n", v.Format, rules)
	if len(v.Names) > 0 {
		var names []string
		for i, n := range v.Names {
			names = append(names, strconv.Itoa(i)+" "+termtext.Escape(n))
		}
		fmt.Fprintf(w, "players:  %s\n", strings.Join(names, ", "))
	}
	var rows [][]string
	var diffs []string
	for _, h := range v.Hands {
		for _, res := range h.Results {
			hand := fmt.Sprintf("%s-%d", h.Round, h.Honba)
			if !res.Agrees {
				diffs = append(diffs, hand+" "+riichiDiffers(res))
				hand += "*"
			}
			rows = append(rows, []string{hand, riichiWho(res), riichiValue(res), riichiNumbers(res.Deltas, true)})
		}
	}
	if err := p.Table([]string{"hand", "result", "value", "deltas"}, rows); err != nil {
		return err
	}
	for _, d := range diffs {
		fmt.Fprintf(w, "differs:  %s\n", d)
	}
	if v.Final != nil {
		fmt.Fprintf(w, "final:    %s", riichiNumbers(v.Final.Scores, false))
		if !v.Final.Agrees {
			fmt.Fprintf(w, " (the log: %s)", riichiNumbers(v.Final.Recorded, false))
		}
		fmt.Fprintln(w)
	}
	switch {
	case v.Agrees:
		fmt.Fprintf(w, "verdict:  every result agrees with the log\n")
	default:
		fmt.Fprintf(w, "verdict:  %d differences from the log\n", v.Differences)
	}
	return nil
}

func riichiWho(r riichilog.ResultView) string {
	switch {
	case r.Winner == nil:
		return string(r.Kind)
	case r.Kind == riichilog.Tsumo:
		return fmt.Sprintf("tsumo %d", *r.Winner)
	}
	return fmt.Sprintf("ron %d from %d", *r.Winner, *r.From)
}

func riichiValue(r riichilog.ResultView) string {
	switch {
	case r.Winner == nil:
		return "-"
	case r.Note != "" && r.Han == 0:
		return "not scored"
	case r.Limit != "":
		return fmt.Sprintf("%d han %s %d", r.Han, r.Limit, r.Points)
	}
	return fmt.Sprintf("%d han %d fu %d", r.Han, r.Fu, r.Points)
}

// riichiNumbers writes each seat's number; signed puts + before a gain.
func riichiNumbers(d []int, signed bool) string {
	parts := make([]string, len(d))
	for i, x := range d {
		parts[i] = strconv.Itoa(x)
		if signed && x > 0 {
			parts[i] = "+" + parts[i]
		}
	}
	return strings.Join(parts, " ")
}

// riichiDiffers says where mjref and the log disagree: "points 12000 (mjref 11700), delta 0 13000
// (mjref 12700)".
func riichiDiffers(r riichilog.ResultView) string {
	var out []string
	for _, d := range r.Differences {
		s := d.Field
		if d.Seat != nil {
			s += " " + strconv.Itoa(*d.Seat)
		}
		out = append(out, fmt.Sprintf("%s %d in the log (mjref %d)", s, d.Recorded, d.Mjref))
	}
	return strings.Join(out, ", ") + "; " + r.Rule
}
