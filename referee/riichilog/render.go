package riichilog

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjref/mjref/internal/termtext"
)

// Printer is where a game renders itself for a person: plain lines written to it, and tables,
// which the front end lays out to fit its screen (family.Printer is one).
type Printer interface {
	io.Writer
	Table(header []string, rows [][]string) error
}

// Positive is the verdict on the game: false when a step is illegal, or, with check, when a result
// or the final scores differ from what the log records.
func (v *GameView) Positive(check bool) bool { return v.Legal && (v.Agrees || !check) }

// Render writes the game for a person: one line a result, mjref's value and payments, and whether
// the log agrees.
func (v *GameView) Render(p Printer) error {
	w := p
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
				diffs = append(diffs, hand+" "+res.differs())
				hand += "*"
			}
			rows = append(rows, []string{hand, res.who(), res.value(), numbers(res.Deltas, true)})
		}
	}
	if err := p.Table([]string{"hand", "result", "value", "deltas"}, rows); err != nil {
		return err
	}
	for _, d := range diffs {
		fmt.Fprintf(w, "differs:  %s\n", d)
	}
	if v.Final != nil {
		fmt.Fprintf(w, "final:    %s", numbers(v.Final.Scores, false))
		if !v.Final.Agrees {
			fmt.Fprintf(w, " (the log: %s)", numbers(v.Final.Recorded, false))
		}
		fmt.Fprintln(w)
		if u := v.Final.Uma; u != nil {
			fmt.Fprintf(w, "results:  %s (%s: uma %s, oka %d)", results(u.Results), u.Preset.Name, numbers(u.Preset.Uma, true), u.Preset.Oka)
			if u.Agrees != nil && !*u.Agrees {
				fmt.Fprintf(w, " (the log: %s)", results(v.Final.RecordedResults[:len(u.Results)]))
			}
			fmt.Fprintln(w)
		}
	}
	steps := 0
	for _, h := range v.Hands {
		steps += len(h.Steps)
		for _, s := range h.Steps {
			if s.Verdict == VerdictIllegal {
				fmt.Fprintf(w, "illegal:  %s-%d step %d (%s) %s: %s (%s)\n", h.Round, h.Honba, s.Event, s.At, s.what(), s.Reason, s.Rule)
			}
		}
	}
	switch {
	case v.Illegal == 0:
		fmt.Fprintf(w, "steps:    %d ruled, every one legal\n", steps)
	default:
		fmt.Fprintf(w, "steps:    %d ruled, %d illegal\n", steps, v.Illegal)
	}
	switch {
	case v.Agrees:
		fmt.Fprintf(w, "verdict:  every result agrees with the log\n")
	default:
		fmt.Fprintf(w, "verdict:  %d differences from the log\n", v.Differences)
	}
	return nil
}

func (r ResultView) who() string {
	switch {
	case r.Winner == nil:
		return string(r.Kind)
	case r.Kind == Tsumo:
		return fmt.Sprintf("tsumo %d", *r.Winner)
	}
	return fmt.Sprintf("ron %d from %d", *r.Winner, *r.From)
}

func (r ResultView) value() string {
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

// numbers writes each seat's number; signed puts + before a gain.
func numbers(d []int, signed bool) string {
	parts := make([]string, len(d))
	for i, x := range d {
		parts[i] = strconv.Itoa(x)
		if signed && x > 0 {
			parts[i] = "+" + parts[i]
		}
	}
	return strings.Join(parts, " ")
}

// differs says where mjref and the log disagree: "points 12000 in the log (mjref 11700), delta 0
// 13000 in the log (mjref 12700); RULE".
func (r ResultView) differs() string {
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

// what is the step for a person: "seat 2 pon 5m", "dora 3p".
func (s StepView) what() string {
	out := s.Action
	if s.Seat != nil {
		out = "seat " + strconv.Itoa(*s.Seat) + " " + out
	}
	if s.Tile != "" {
		out += " " + s.Tile
	}
	return out
}

// results writes results after uma and oka: "+48.0 -22.0".
func results(r []float64) string {
	parts := make([]string, len(r))
	for i, x := range r {
		parts[i] = strconv.FormatFloat(x, 'f', 1, 64)
		if x > 0 {
			parts[i] = "+" + parts[i]
		}
	}
	return strings.Join(parts, " ")
}
