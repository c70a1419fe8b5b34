package referee

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// LogComments returns a test log's "# key: value" comment lines in order, as key and value: the
// expectations the log tests read. It is exported for the referee_test package's family log tests.
func LogComments(data []byte) [][2]string {
	var kvs [][2]string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "# ")
		if !ok {
			continue
		}
		key, val, ok := strings.Cut(rest, ":")
		if !ok {
			continue
		}
		kvs = append(kvs, [2]string{key, strings.TrimSpace(val)})
	}
	return kvs
}

// stepper is a replay under way that accounts for its tiles.
type stepper interface {
	step(e *Event)
	tiles() int
	impossibility() *LogError
}

// stepCounting steps g through lg's events, as run does, and fails at the first step after which g
// accounts for other than want tiles. each, when not nil, checks more after each step i. Like run,
// it stops at the step after which the log cannot describe a real hand (a fifth copy drawn, a hand
// of the wrong size), and then reports true: such a replay is bad input, never finished or paid.
func stepCounting(t interface{ Fatalf(string, ...any) }, g stepper, lg *Log, want int, each func(i int)) (impossible bool) {
	if g.impossibility() != nil {
		return true
	}
	for i := range lg.Events {
		e := &lg.Events[i]
		g.step(e)
		if g.impossibility() != nil {
			return true
		}
		if got := g.tiles(); got != want {
			text := e.Text
			if text == "" {
				text = actionText(e)
			}
			t.Fatalf("after event %d %q: %d tiles, want %d", i+1, text, got, want)
		}
		if each != nil {
			each(i)
		}
	}
	return false
}

// complete reports whether c (suit and honour tiles only) splits into sets and one pair.
func complete(c notation.Counts) bool {
	if thirteenOrphans(&notation.Hand{Concealed: c}) {
		return true
	}
	for t := notation.Tile(1); t <= notation.Red; t++ {
		if c[t] >= 2 {
			c[t] -= 2
			if sets(c) {
				return true
			}
			c[t] += 2
		}
	}
	return false
}

func sets(c notation.Counts) bool {
	t := notation.Tile(1)
	for t <= notation.Red && c[t] == 0 {
		t++
	}
	if t > notation.Red {
		return true
	}
	if c[t] >= 3 {
		c[t] -= 3
		if sets(c) {
			return true
		}
		c[t] += 3
	}
	if t.IsSuited() && t.Num() <= 7 && c[t+1] > 0 && c[t+2] > 0 {
		c[t]--
		c[t+1]--
		c[t+2]--
		return sets(c)
	}
	return false
}

// fakeScorer is a stand-in scorer: a complete hand is worth 3, plus 1 for each winning condition;
// Thirteen Orphans is a limit of 13. Hands worth less than min are not valid.
func fakeScorer(min int) Scorer {
	return func(h *notation.Hand, sit scoring.Situation) (Score, error) {
		if sit.Win == scoring.SevenFlowers {
			// The hand is scored as it stands, the seven beside it (the eighth is claimed).
			if len(h.Bonus) != 7 {
				return Score{Reason: "a seven-flowers win holds seven flowers"}, nil
			}
			return Score{Valid: true, Total: 3, Items: []scoring.Item{{ID: "seven-flowers", Value: 3}}}, nil
		}
		if len(h.Bonus) == 8 {
			return Score{Valid: true, Total: 8, Items: []scoring.Item{{ID: "eight-flowers", Value: 8}}}, nil
		}
		c := h.Concealed
		for t := notation.F1; t <= notation.Joker; t++ {
			c[t] = 0
		}
		if c.Total()+3*len(h.Melds) != 14 || !complete(c) {
			return Score{Reason: "not four sets and a pair"}, nil
		}
		if thirteenOrphans(h) {
			return Score{Valid: true, Total: 13, Limit: true, Items: []scoring.Item{{ID: "thirteen-orphans", Value: 13, Limit: true}}}, nil
		}
		items := []scoring.Item{{ID: "base", Value: 3}}
		if sit.Win != scoring.Discard {
			items = append(items, scoring.Item{ID: sit.Win.String(), Value: 1})
		}
		if sit.LastTile {
			items = append(items, scoring.Item{ID: "last-tile", Value: 1})
		}
		total := 0
		for _, it := range items {
			total += it.Value
		}
		if total < min {
			return Score{Total: total, Items: items, Reason: fmt.Sprintf("%d faan is below the minimum %d", total, min)}, nil
		}
		return Score{Valid: true, Total: total, Items: items}, nil
	}
}

// fakeSettler pays the total in points: a self-draw from each loser, a discard win from the discarder,
// a false win 10 to each other player.
func fakeSettler(in SettleInput) (settle.Result, error) {
	var st settle.Result
	pay := func(from, to notation.Seat, n int, rule string) {
		a := settle.Points(int64(n))
		st.Payments = append(st.Payments, settle.Payment{From: from, To: to, Amount: a, Rule: rule})
		st.Deltas[from] -= a
		st.Deltas[to] += a
	}
	switch in.Outcome {
	case OutcomeFalseWin:
		for _, s := range notation.Seats {
			if s != in.Offender {
				pay(in.Offender, s, 10, "false-win")
			}
		}
	case OutcomeWin:
		for _, w := range in.Wins {
			if w.Context.Win.SelfDrawn() {
				for _, s := range notation.Seats {
					if s != w.Seat {
						pay(s, w.Seat, w.Total, "self-draw")
					}
				}
				continue
			}
			pay(w.Context.Discarder, w.Seat, 3*w.Total, "discard")
		}
	}
	return st, nil
}

// mustReplay is Replay of a log that describes a real hand.
func mustReplay(t interface {
	Helper()
	Fatalf(string, ...any)
}, lg *Log, deps Deps) Report {
	t.Helper()
	r, err := Replay(lg, deps)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	return r
}

func testDeps() Deps { return Deps{Score: fakeScorer(3), Settle: fakeSettler} }

// tiles returns every tile the replay accounts for: hands (seen and unseen), melds, rivers, bonus
// tiles laid out, the live wall and the tiles outside the log's view. It is constant through a replay.
func (t *table) tiles() int { return t.inPlay() + (t.back - t.front) + t.outside }
