package hongkong

import (
	"fmt"
	"sync"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
)

// Score scores a Hong Kong hand in faan.
func (r *rules) Score(h *notation.Hand, sit family.Situation) (family.Scored, error) {
	if err := family.RefuseJokers(h, Family{}); err != nil {
		return nil, err
	}
	res, err := hk.Score(h, sit.Situation, r.hk)
	if err != nil {
		return nil, err
	}
	// The result, its situation and the faan are one allocation: a batch scores a hand a line.
	box := &scoredBox{res: res, view: *sit.View()}
	box.s = Scored{ScoreHead: family.ScoreHead{Hand: notation.Format(*h), Ruleset: r.rs.Name, Situation: &box.view}, Result: &box.res}
	return &box.s, nil
}

// AppendScore appends the JSON of what Score returns, with its input_line, without making it:
// the result stays on the stack, what it points to in a scratch written before it is given back,
// the hand is copied from text or written straight from h, and the rest of the head is r.head's.
func (r *rules) AppendScore(b []byte, h *notation.Hand, text string, sit family.Situation, line int) ([]byte, bool, error) {
	if err := family.RefuseJokers(h, Family{}); err != nil {
		return b, false, err
	}
	sc := scratches.Get().(*hk.Scratch)
	defer scratches.Put(sc)
	res, err := hk.ScoreScratch(h, sit.Situation, r.hk, sc)
	if err != nil {
		return b, false, err
	}
	b = family.AppendHeadHand(b, line, h, text, notation.Options{}, r.head.Of(r.rs.Name, sit))
	return append(res.AppendJSON(append(b, ',')), '}'), res.Valid, nil
}

// scratches hold the items and readings of the lines AppendScore writes.
var scratches = sync.Pool{New: func() any { return new(hk.Scratch) }}

// scoredBox holds a Scored with what it points to.
type scoredBox struct {
	s    Scored
	res  hk.Result
	view family.SituationView
}

// Scored is a scored Hong Kong hand: the head and the faan (hk.Result).
type Scored struct {
	family.ScoreHead
	*hk.Result
}

// Valid says whether the hand is a win at or above the minimum.
func (s *Scored) Valid() bool { return s.Result.Valid }

// AppendJSON appends what encoding/json writes for s, without reflection: the batch hot path.
func (s *Scored) AppendJSON(b []byte) []byte {
	return family.AppendScored(b, &s.ScoreHead, s.Result)
}

// Render writes the hand, its reading, the items and the total.
func (s *Scored) Render(w family.Printer) error {
	r, v := s.Result, s.ScoreHead
	fmt.Fprintf(w, "hand:     %s\n", v.Hand)
	fmt.Fprintf(w, "ruleset:  %s   seat %s, prevailing %s, win %s", v.Ruleset, v.Situation.Seat, v.Situation.Prevailing, v.Situation.Win)
	if v.Situation.LastTile {
		fmt.Fprint(w, ", last tile")
	}
	fmt.Fprintln(w)
	if r.Decomposition != nil {
		fmt.Fprintf(w, "reading:  %s (%s)\n", r.Decomposition.String(), r.Decomposition.Shape)
	}
	if len(r.Items) > 0 {
		if err := w.Table([]string{"id", "name", "中文", "faan", "tiles", "rule"}, scoring.ItemRows(r.Items, true)); err != nil {
			return err
		}
	}
	capText := "no cap"
	if r.Cap > 0 {
		capText = fmt.Sprintf("cap %d", r.Cap)
	}
	total := fmt.Sprintf("%d faan", r.Total)
	if r.RawTotal != r.Total {
		total += fmt.Sprintf(" (%d before the cap)", r.RawTotal)
	}
	if r.Limit {
		total += ", a limit hand"
	}
	if r.Note != "" {
		fmt.Fprintf(w, "note:     %s\n", r.Note)
	}
	if r.Valid {
		fmt.Fprintf(w, "total:    %s; minimum %d, %s: a valid win\n", total, r.MinFaan, capText)
	} else {
		fmt.Fprintf(w, "verdict:  not a win: %s\n", r.Reason)
	}
	return nil
}
