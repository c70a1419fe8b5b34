package american

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	card "github.com/mjref/mjref/scoring/american"
)

// Score matches the hand against the card.
func (r *rules) Score(h *notation.Hand, sit family.Situation) (family.Scored, error) {
	if err := (Family{}).CheckWin(sit.Win); err != nil {
		return nil, err
	}
	res := card.Match(r.card, h, Rules(r.rs))
	return &Scored{ScoreHead: family.ScoreHead{Hand: notation.FormatWith(*h, Family{}.Notation()), Ruleset: r.rs.Name, Situation: sit.View(), Warnings: r.card.Warnings}, Result: &res}, nil
}

// Scored is a matched American hand: the head and the card line (american.Result).
type Scored struct {
	family.ScoreHead
	*card.Result
}

// Valid says whether a card line matches.
func (s *Scored) Valid() bool { return s.Result.Valid }

// Render writes the line matched, its value and what each joker stands for.
func (s *Scored) Render(w family.Printer) error {
	r, v := s.Result, s.ScoreHead
	fmt.Fprintf(w, "hand:     %s\nruleset:  %s\n", v.Hand, v.Ruleset)
	if !r.Valid {
		fmt.Fprintf(w, "verdict:  no line matches: %s\n", r.Reason)
		return nil
	}
	kind := "exposed"
	if r.Concealed {
		kind = "concealed"
	}
	fmt.Fprintf(w, "line:     %s (%s), value %d, %s", r.Line, r.Section, r.Value, kind)
	if r.Jokerless {
		fmt.Fprint(w, ", jokerless")
		if r.JokerlessBonus {
			fmt.Fprint(w, " (pays double)")
		}
	}
	fmt.Fprintln(w)
	if r.Reading != nil {
		fmt.Fprintf(w, "reading:  %s\n", r.Reading.String())
	}
	if len(r.Items) > 0 {
		return w.Table([]string{"id", "name", "value", "tiles", "rule"}, scoring.ItemRows(r.Items, false))
	}
	return nil
}
