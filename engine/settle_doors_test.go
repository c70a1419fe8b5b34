package engine_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
)

// settledJSON is the part of a settlement two doors must agree on.
type settledJSON struct {
	Settled bool           `json:"settled"`
	Deltas  map[string]any `json:"deltas"`
	// Payments says who paid under 包 (rule responsibility/...).
	Payments []struct {
		From string `json:"from"`
		Rule string `json:"rule"`
	} `json:"payments"`
	Score *struct {
		Total int  `json:"total"`
		Limit bool `json:"limit"`
	} `json:"score"`
}

// A hand settled from its tiles pays what the same hand settled from its worth pays: the score's
// faan (after the cap) and limit, with the same seat, wind and winning tile's source. A table that
// scores a hand on paper and types its faan gets the money the tiles would have got.
func TestSettleByHandIsSettleByWorth(t *testing.T) {
	var paid, notWin int
	defer func() { t.Logf("%d paid (%d under 包), %d not a win", paid, responsiblePaid.Load(), notWin) }()
	for _, rules := range []string{"hk", "hk-table", "hk-oldstyle"} {
		e, err := engine.Open(rules, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(rules, rapid.MakeCheck(func(t *rapid.T) {
			h := handgen.Winning(t)
			if rapid.Bool().Draw(t, "flower") {
				h.Bonus = []notation.BonusTile{{Tile: notation.F1 + notation.Tile(rapid.IntRange(0, 7).Draw(t, "f"))}}
			}
			if checkDoors(t, e, h) {
				paid++
			} else {
				notWin++
			}
		}))
		// Honour sets, kongs and melds marked with the seat that fed them: the 包 triggers.
		t.Run(rules+"/responsibility", rapid.MakeCheck(func(t *rapid.T) {
			if checkDoors(t, e, honourHand(t)) {
				paid++
			} else {
				notWin++
			}
		}))
	}
	if paid == 0 || responsiblePaid.Load() == 0 {
		t.Errorf("%d hands compared, %d under 包: the generators no longer reach what this test is for", paid, responsiblePaid.Load())
	}
}

// responsiblePaid counts the hands compared in which a player paid under 包.
var responsiblePaid atomic.Int64

// checkDoors settles h at a random seat, wind and way of winning, from its tiles and from its
// worth, and fails when they pay differently. It reports whether h was a win.
func checkDoors(t *rapid.T, e *engine.Engine, h notation.Hand) bool {
	seats := []string{"E", "S", "W", "N"}
	seat := rapid.SampledFrom(seats).Draw(t, "seat")
	for i := range h.Melds {
		if h.Melds[i].From != notation.NoSeat && h.Melds[i].From.String() == seat {
			h.Melds[i].From = notation.NoSeat // nobody feeds their own meld
		}
	}
	req := engine.SettleRequest{Hand: notation.Format(h), Seat: seat, Prevailing: rapid.SampledFrom(seats).Draw(t, "prevailing")}
	if rapid.Bool().Draw(t, "self") {
		req.Win = "self-draw"
	} else {
		for req.Discarder == "" || req.Discarder == seat {
			req.Discarder = rapid.SampledFrom(seats).Draw(t, "discarder")
		}
	}
	byHand, err := settleJSON(t, e, req)
	if err != nil && engine.IsInput(err) && strings.Contains(err.Error(), "responsibility is ambiguous") {
		return false // melds fed by two seats, and no saying which came last: refused, as it should be
	}
	if err != nil {
		t.Fatalf("settle %+v: %v", req, err)
	}
	if !byHand.Settled {
		return false // not a win: nothing paid either way
	}
	if byHand.Score == nil {
		t.Fatalf("%+v: settled without its score", req)
	}
	worth := engine.SettleRequest{Winner: seat, Prevailing: req.Prevailing, Win: req.Win, Discarder: req.Discarder,
		Faan: family.NumberText(strconv.Itoa(byHand.Score.Total)), Limit: byHand.Score.Limit}
	for _, p := range byHand.Payments {
		if strings.HasPrefix(p.Rule, "responsibility") {
			worth.Responsible = p.From
			responsiblePaid.Add(1)
		}
	}
	byWorth, err := settleJSON(t, e, worth)
	if err != nil {
		t.Fatalf("settle %+v: %v", worth, err)
	}
	if diff := cmp.Diff(byHand.Deltas, byWorth.Deltas); diff != "" {
		t.Fatalf("%s at %s settled from its tiles and from its worth (%d faan, limit %v, responsible %q) pays differently (-hand +worth):\n%s",
			req.Hand, seat, byHand.Score.Total, byHand.Score.Limit, worth.Responsible, diff)
	}
	return true
}

// honourHand draws a winning hand of four sets and a pair drawn mostly from dragon and wind pongs
// and kongs, some exposed and marked with a seat that fed them.
func honourHand(t *rapid.T) notation.Hand {
	for {
		var h notation.Hand
		var all notation.Counts
		// The theme makes a trigger likely: the three dragons, the four winds or four kongs.
		theme := rapid.IntRange(0, 3).Draw(t, "theme")
		for i := range 4 {
			m := notation.Meld{Kind: notation.Pong, From: notation.NoSeat}
			switch set := rapid.IntRange(0, 3).Draw(t, "set"); {
			case theme == 1 && i < 3:
				m.Tile = notation.Tile(32 + i) // 5z 6z 7z
			case theme == 2:
				m.Tile = notation.Tile(28 + i) // 1z-4z
			case set <= 1:
				m.Tile = notation.Tile(28 + rapid.IntRange(0, 6).Draw(t, "honour")) // 1z-7z
			case set == 2 || theme == 3:
				m.Tile = notation.Tile(1 + rapid.IntRange(0, 26).Draw(t, "suit"))
			default:
				m.Kind, m.Tile = notation.Chow, notation.Tile(1+9*rapid.IntRange(0, 2).Draw(t, "chow suit")+rapid.IntRange(0, 6).Draw(t, "chow"))
			}
			if m.Kind == notation.Pong && (theme == 3 || rapid.IntRange(0, 3).Draw(t, "kong") == 0) {
				m.Kind = notation.Kong
				m.Concealed = rapid.Bool().Draw(t, "concealed kong")
			}
			m.AddTo(&all)
			if m.Concealed || rapid.IntRange(0, 2).Draw(t, "exposed "+strconv.Itoa(i)) > 0 {
				if !m.Concealed && rapid.Bool().Draw(t, "marked") {
					m.From = notation.Seat(rapid.IntRange(0, 3).Draw(t, "fed by"))
				}
				h.Melds = append(h.Melds, m)
			} else {
				m.AddTo(&h.Concealed)
			}
		}
		p := notation.Tile(1 + rapid.IntRange(0, 33).Draw(t, "pair"))
		all[p] += 2
		h.Concealed[p] += 2
		if !handgen.Fits(&all) {
			continue
		}
		ts := h.Concealed.Tiles()
		h.Win = ts[rapid.IntRange(0, len(ts)-1).Draw(t, "win")]
		h.Canonicalize()
		return h
	}
}

func settleJSON(t *rapid.T, e *engine.Engine, req engine.SettleRequest) (settledJSON, error) {
	s, err := e.Settle(req)
	if err != nil {
		return settledJSON{}, err
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out settledJSON
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out, nil
}
