package engine_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
)

// riichiSettled is the part of a riichi settlement the two doors must agree on.
type riichiSettled struct {
	Settled bool           `json:"settled"`
	Deltas  map[string]any `json:"deltas"`
	Score   *struct {
		Han     int `json:"han"`
		Fu      int `json:"fu"`
		Yakuman int `json:"yakuman"`
	} `json:"score"`
}

// A riichi hand settled from its tiles pays what it pays settled from its han and fu (or its
// yakuman), with the same seat, way of winning, honba and sticks: a table that reads the han and
// fu off the score gets the tiles' money, kazoe and kiriage included.
func TestRiichiSettleByHandIsSettleByWorth(t *testing.T) {
	seats := []string{"E", "S", "W", "N"}
	var paid, mangan, yakuman int
	for _, rules := range []string{"riichi", "riichi-ema", "riichi-majsoul", "riichi-mleague", "riichi-wrc"} {
		e, err := engine.Open(rules, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(rules, rapid.MakeCheck(func(t *rapid.T) {
			h := handgen.Winning(t)
			if len(h.Melds) > 0 {
				return // a closed hand only, so that riichi can be its yaku
			}
			seat := rapid.SampledFrom(seats).Draw(t, "seat")
			req := engine.SettleRequest{Hand: notation.Format(h), Seat: seat, Prevailing: rapid.SampledFrom([]string{"E", "S"}).Draw(t, "prevailing"),
				Riichi: rapid.Bool().Draw(t, "riichi"), Honba: rapid.IntRange(0, 3).Draw(t, "honba"), Sticks: rapid.IntRange(0, 2).Draw(t, "sticks")}
			var dora []string
			for range rapid.IntRange(0, 3).Draw(t, "dora") {
				dora = append(dora, notation.Tile(1+rapid.IntRange(0, 33).Draw(t, "indicator")).String())
			}
			for i, d := range dora {
				if i > 0 {
					req.Dora += ","
				}
				req.Dora += d
			}
			if rapid.Bool().Draw(t, "tsumo") {
				req.Win = "tsumo"
			} else {
				for req.Discarder == "" || req.Discarder == seat {
					req.Discarder = rapid.SampledFrom(seats).Draw(t, "discarder")
				}
			}
			byHand, err := riichiSettle(e, req)
			if err != nil {
				t.Fatalf("settle %+v: %v", req, err)
			}
			if !byHand.Settled {
				return // no yaku: not a win
			}
			if byHand.Score == nil {
				t.Fatalf("%+v: settled without its score", req)
			}
			worth := engine.SettleRequest{Winner: seat, Prevailing: req.Prevailing, Win: req.Win, Discarder: req.Discarder,
				Honba: req.Honba, Sticks: req.Sticks}
			if s := byHand.Score; s.Yakuman > 0 {
				worth.Yakuman = family.NumberText(strconv.Itoa(s.Yakuman))
			} else {
				worth.Han, worth.Fu = family.NumberText(strconv.Itoa(s.Han)), family.NumberText(strconv.Itoa(s.Fu))
			}
			byWorth, err := riichiSettle(e, worth)
			if err != nil {
				t.Fatalf("settle %+v: %v", worth, err)
			}
			paid++
			switch s := byHand.Score; {
			case s.Yakuman > 0:
				yakuman++
			case s.Han >= 5 || s.Han == 4 && s.Fu >= 30 || s.Han == 3 && s.Fu >= 60:
				mangan++ // mangan or more, and the kiriage hands (4 han 30 fu, 3 han 60 fu)
			}
			if diff := cmp.Diff(byHand.Deltas, byWorth.Deltas); diff != "" {
				t.Fatalf("%s at %s (%+v) settled from its tiles and from its worth (%+v) pays differently (-hand +worth):\n%s",
					req.Hand, seat, req, *byHand.Score, diff)
			}
		}))
	}
	if paid == 0 {
		t.Error("no hand was a win: nothing was compared")
	}
	t.Logf("%d hands compared: %d at mangan or kiriage and above, %d yakuman", paid, mangan, yakuman)
}

func riichiSettle(e *engine.Engine, req engine.SettleRequest) (riichiSettled, error) {
	s, err := e.Settle(req)
	if err != nil {
		return riichiSettled{}, err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return riichiSettled{}, err
	}
	var out riichiSettled
	err = json.Unmarshal(b, &out)
	return out, err
}
