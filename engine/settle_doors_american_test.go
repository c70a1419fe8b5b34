package engine_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
)

// americanSettled is the part of an American settlement the two doors must agree on.
type americanSettled struct {
	Settled bool           `json:"settled"`
	Deltas  map[string]any `json:"deltas"`
	Score   *struct {
		Line           string `json:"line"`
		Value          int    `json:"value"`
		Jokerless      bool   `json:"jokerless"`
		JokerlessBonus bool   `json:"jokerless_bonus"`
	} `json:"score"`
}

// An American hand settled from its tiles pays what it pays settled from its line's value and
// jokerless bonus: every line of the card, as closest fills it for several hands in progress, with
// and without a joker, won on a discard from each other seat and by self-draw.
func TestAmericanSettleByHandIsSettleByValue(t *testing.T) {
	e, err := engine.Open("american", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hands := map[string]bool{}
	for _, start := range []string{"NN 2026m SS 66p 666s J", "123456789m 1234z f", "2468m 2468p 13579s", "111222333p 444s 55z", "f 11z 22z 33z 44z 55z 666z"} {
		v, err := e.Closest(engine.ClosestRequest{Hand: start})
		if err != nil {
			t.Fatalf("closest %s: %v", start, err)
		}
		for _, c := range v.Candidates {
			hands[c.Hand] = true
			if j := withJoker(t, c.Hand); j != "" {
				hands[j] = true
			}
		}
	}
	seats := []string{"E", "S", "W", "N"}
	compared, jokerless, skipped, lines := 0, 0, 0, map[string]bool{}
	for hand := range hands {
		for _, seat := range seats {
			for _, from := range append([]string{""}, seats...) {
				if from == seat {
					continue
				}
				req := engine.SettleRequest{Hand: hand, Seat: seat, Discarder: from}
				if from == "" {
					req.Win = "self-draw"
				}
				byHand, err := americanSettle(e, req)
				if err != nil && engine.IsInput(err) {
					skipped++ // a quint or sextet written with five of a tile, not with jokers
					continue
				}
				if err != nil {
					t.Fatalf("settle %+v: %v", req, err)
				}
				if !byHand.Settled {
					continue // the closest hand of a line that needs what the supply lacks
				}
				sc := byHand.Score
				worth := engine.SettleRequest{Winner: seat, Discarder: from, Win: req.Win,
					Value: family.NumberText(strconv.Itoa(sc.Value)), Jokerless: sc.Jokerless && sc.JokerlessBonus}
				byValue, err := americanSettle(e, worth)
				if err != nil {
					t.Fatalf("settle %+v: %v", worth, err)
				}
				if diff := cmp.Diff(byHand.Deltas, byValue.Deltas); diff != "" {
					t.Errorf("%s (line %s) at %s from %q settled from its tiles and from its value %d (jokerless %v) pays differently (-hand +value):\n%s",
						hand, sc.Line, seat, from, sc.Value, worth.Jokerless, diff)
				}
				compared++
				lines[sc.Line] = true
				if worth.Jokerless {
					jokerless++
				}
			}
		}
	}
	t.Logf("%d settlements compared over %d hands, %d lines; %d jokerless; %d refused as bad input", compared, len(hands), len(lines), jokerless, skipped)
	if len(lines) < 20 || jokerless == 0 || jokerless == compared {
		t.Errorf("only %d lines reached, %d of %d settlements jokerless: the hands no longer cover the card", len(lines), jokerless, compared)
	}
}

// withJoker is hand with one tile of a set of three or more replaced by a joker, or "".
func withJoker(t *testing.T, hand string) string {
	h, err := notation.ParseWith(hand, notation.Options{ZeroIsWhite: true, EveryTileCounts: true})
	if err != nil {
		return "" // a line's hand written as the card writes it (a quint: 66666p), not a hand
	}
	for tile, n := range h.Concealed {
		if n >= 3 && notation.Tile(tile) != notation.Joker {
			h.Concealed[tile]--
			h.Concealed[notation.Joker]++
			h.Canonicalize()
			return notation.Format(h)
		}
	}
	return ""
}

func americanSettle(e *engine.Engine, req engine.SettleRequest) (americanSettled, error) {
	s, err := e.Settle(req)
	if err != nil {
		return americanSettled{}, err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return americanSettled{}, err
	}
	var out americanSettled
	err = json.Unmarshal(b, &out)
	return out, err
}
