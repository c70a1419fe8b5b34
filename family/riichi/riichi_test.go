package riichi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family/riichi"
)

// TestPresets scores one hand under every built-in riichi ruleset: where the presets differ (red
// fives, kiriage), the points differ as their files say.
func TestPresets(t *testing.T) {
	tests := []struct {
		ruleset string
		hand    string
		req     engine.ScoreRequest
		want    riichi.PointsView
		han, fu int
	}{
		{"riichi", "234m23p456p678s99s+1p", engine.ScoreRequest{Win: "tsumo", Seat: "S", Extra: map[string]any{"riichi": true}},
			riichi.PointsView{Ron: 2600, TsumoDealer: 1300, TsumoOther: 700, TsumoTotal: 2700, Total: 2700, WithBonus: 2700}, 3, 20},
		{"riichi", "234m234p55m678s78s+9s", engine.ScoreRequest{Seat: "W", Extra: map[string]any{"riichi": true, "dora": "1p,3m", "honba": 2, "sticks": 1}},
			riichi.PointsView{Ron: 7700, TsumoDealer: 3900, TsumoOther: 2000, TsumoTotal: 7900, Total: 7700, Honba: 2, Sticks: 1, WithBonus: 9300}, 4, 30},
		{"riichi-mleague", "234m234p55m678s78s+9s", engine.ScoreRequest{Seat: "W", Extra: map[string]any{"riichi": true, "dora": "1p,3m"}},
			riichi.PointsView{Ron: 8000, TsumoDealer: 4000, TsumoOther: 2000, TsumoTotal: 8000, Total: 8000, WithBonus: 8000}, 4, 30},
		{"riichi-wrc", "234m234p55m678s78s+9s", engine.ScoreRequest{Seat: "W", Extra: map[string]any{"riichi": true, "dora": "1p,3m"}},
			riichi.PointsView{Ron: 8000, TsumoDealer: 4000, TsumoOther: 2000, TsumoTotal: 8000, Total: 8000, WithBonus: 8000}, 4, 30},
		{"riichi-ema", "234m234p55m678s78s+9s", engine.ScoreRequest{Seat: "W", Extra: map[string]any{"riichi": true, "dora": "1p,3m"}},
			riichi.PointsView{Ron: 7700, TsumoDealer: 3900, TsumoOther: 2000, TsumoTotal: 7900, Total: 7700, WithBonus: 7700}, 4, 30},
		{"riichi-majsoul", "234m234p55m678s78s+9s", engine.ScoreRequest{Seat: "W", Extra: map[string]any{"riichi": true, "dora": "1p,3m"}},
			riichi.PointsView{Ron: 7700, TsumoDealer: 3900, TsumoOther: 2000, TsumoTotal: 7900, Total: 7700, WithBonus: 7700}, 4, 30},
	}
	for _, tc := range tests {
		t.Run(tc.ruleset, func(t *testing.T) {
			e, err := engine.Open(tc.ruleset, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			req := tc.req
			req.Hand = tc.hand
			sc, err := e.Score(req)
			if err != nil {
				t.Fatal(err)
			}
			s := sc.(*riichi.Scored)
			if !s.Valid() || s.Han != tc.han || s.Fu != tc.fu {
				t.Errorf("valid %v, %d han %d fu; want %d han %d fu", s.Valid(), s.Han, s.Fu, tc.han, tc.fu)
			}
			if diff := cmp.Diff(tc.want, s.Points); diff != "" {
				t.Errorf("points (-want +got):\n%s", diff)
			}
		})
	}
}
