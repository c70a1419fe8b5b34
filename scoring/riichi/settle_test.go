package riichi

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func TestSettleExamples(t *testing.T) {
	tenhou := TenhouOptions()
	headBump := tenhou
	headBump.MultipleRon = 1
	nonDealer := func(han, fu int) Payment { return Value(han, fu, 0, false, &tenhou) }
	dealer := func(han, fu int) Payment { return Value(han, fu, 0, true, &tenhou) }
	tests := []struct {
		name string
		got  func() (Settlement, error)
		want [4]int
	}{
		{"issue 28: 2 han 30 fu, S on W's discard, 2 honba, 1 stick: S 3,600, W 2,600", func() (Settlement, error) {
			return SettleRon(WindWest, []Win{{Seat: WindSouth, Pay: nonDealer(2, 30), Pao: NoPao}}, 2, 1, &tenhou)
		}, [4]int{0, 3600, -2600, 0}},
		{"dealer tsumo 3 han 30 fu, 1 honba: 2,100 all", func() (Settlement, error) {
			return SettleTsumo(Win{Seat: WindEast, Pay: dealer(3, 30), Pao: NoPao}, 1, 0, &tenhou)
		}, [4]int{6300, -2100, -2100, -2100}},
		{"non-dealer tsumo 1 han 30 fu: 300/500", func() (Settlement, error) {
			return SettleTsumo(Win{Seat: WindNorth, Pay: nonDealer(1, 30), Pao: NoPao}, 0, 2, &tenhou)
		}, [4]int{-500, -300, -300, 3100}},
		{"double ron: both paid, honba and sticks to the first from the discarder", func() (Settlement, error) {
			return SettleRon(WindSouth, []Win{{Seat: WindEast, Pay: dealer(1, 30), Pao: NoPao}, {Seat: WindWest, Pay: nonDealer(1, 30), Pao: NoPao}}, 1, 1, &tenhou)
		}, [4]int{1500, -2800, 2300, 0}},
		{"head bump: only the first from the discarder", func() (Settlement, error) {
			return SettleRon(WindSouth, []Win{{Seat: WindEast, Pay: dealer(1, 30), Pao: NoPao}, {Seat: WindWest, Pay: nonDealer(1, 30), Pao: NoPao}}, 0, 0, &headBump)
		}, [4]int{0, -1000, 1000, 0}},
		{"triple ron on Tenhou: an abortive draw", func() (Settlement, error) {
			return SettleRon(WindSouth, []Win{{Seat: WindEast, Pao: NoPao}, {Seat: WindWest, Pao: NoPao}, {Seat: WindNorth, Pao: NoPao}}, 0, 1, &tenhou)
		}, [4]int{}},
		{"pao on ron: daisangen, N fed the third dragon, W discards: half each", func() (Settlement, error) {
			return SettleRon(WindWest, []Win{{Seat: WindSouth, Pay: Value(0, 0, 1, false, &tenhou), Pao: WindNorth, PaoUnits: 1, Units: 1}}, 0, 0, &tenhou)
		}, [4]int{0, 32000, -16000, -16000}},
		{"pao on tsumo: the responsible seat pays it all", func() (Settlement, error) {
			return SettleTsumo(Win{Seat: WindSouth, Pay: Value(0, 0, 1, false, &tenhou), Pao: WindNorth, PaoUnits: 1, Units: 1}, 1, 0, &tenhou)
		}, [4]int{0, 32300, 0, -32300}},
		{"exhaustive draw, one ready: 1,000 from each", func() (Settlement, error) {
			return SettleDraw([4]bool{false, true, false, false}, nil, &tenhou), nil
		}, [4]int{-1000, 3000, -1000, -1000}},
		{"exhaustive draw, two ready: 1,500 each", func() (Settlement, error) {
			return SettleDraw([4]bool{true, false, true, false}, nil, &tenhou), nil
		}, [4]int{1500, -1500, 1500, -1500}},
		{"nagashi mangan for a non-dealer: paid as a mangan self-draw", func() (Settlement, error) {
			return SettleDraw([4]bool{}, []Wind{WindWest}, &tenhou), nil
		}, [4]int{-4000, -2000, 8000, -2000}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.got()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, s.Deltas); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSettleZeroSum: whatever the hand, the players' deltas sum to the sticks taken from the table.
func TestSettleZeroSum(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := TenhouOptions()
		o.MultipleRon = rapid.IntRange(1, 3).Draw(t, "multiple_ron")
		honba := rapid.IntRange(0, 10).Draw(t, "honba")
		sticks := rapid.IntRange(0, 5).Draw(t, "sticks")
		win := func(seat Wind) Win {
			yakuman := rapid.IntRange(0, 2).Draw(t, "yakuman")
			w := Win{Seat: seat, Pay: Value(rapid.IntRange(1, 13).Draw(t, "han"), 10*rapid.IntRange(2, 11).Draw(t, "fu"), yakuman, seat == WindEast, &o), Pao: NoPao, Units: yakuman}
			if yakuman > 0 && rapid.Bool().Draw(t, "pao") {
				w.Pao, w.PaoUnits = Wind(rapid.IntRange(0, 3).Draw(t, "pao_seat")), 1
			}
			return w
		}
		var s Settlement
		var err error
		switch rapid.IntRange(0, 2).Draw(t, "kind") {
		case 0:
			s, err = SettleTsumo(win(Wind(rapid.IntRange(0, 3).Draw(t, "winner"))), honba, sticks, &o)
		case 1:
			d := Wind(rapid.IntRange(0, 3).Draw(t, "discarder"))
			var wins []Win
			for k := Wind(1); k <= 3; k++ {
				if rapid.Bool().Draw(t, "wins") || (k == 3 && len(wins) == 0) {
					wins = append(wins, win((d+k)%4))
				}
			}
			s, err = SettleRon(d, wins, honba, sticks, &o)
		default:
			var ready [4]bool
			for i := range ready {
				ready[i] = rapid.Bool().Draw(t, "ready")
			}
			s = SettleDraw(ready, nil, &o)
		}
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for _, d := range s.Deltas {
			sum += d
		}
		if sum != s.Taken() {
			t.Fatalf("deltas %v sum to %d, sticks taken %d", s.Deltas, sum, s.Taken())
		}
		if s.Taken() != 0 && s.Taken() != 1000*sticks {
			t.Fatalf("took %d of %d sticks", s.Taken(), 1000*sticks)
		}
	})
}
