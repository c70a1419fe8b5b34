package riichi

import (
	"errors"
	"fmt"
	"testing"
)

// Cases ported from MahjongRepository/mahjong's test suite (MIT), read with the search tool. Each names its
// file and test. The library's defaults differ from Tenhou's and are kept here as Options: no open tanyao, no
// red fives (OptionalRules defaults). Its hands list all fourteen tiles, melds included; its winds default to
// none, which mjref writes as seat and prevailing winds the hand does not hold.

// mrOptions are MahjongRepository/mahjong's OptionalRules defaults (hand_config.py).
func mrOptions() Options {
	return Options{OpenTanyao: false, RedFives: 0, KazoeYakuman: true, DoubleYakuman: true, StackYakuman: true, DoubleWindPairFu: 4}
}

// mrHand builds a hand the library's way: every tile (man, pin, sou, honors digits, melds included), the
// winning tile, then melds as in hand() (a kan may be listed with three or four of its tiles).
func mrHand(t *testing.T, man, pin, sou, honors, win string, melds ...string) Hand {
	t.Helper()
	all, _ := tiles(t, man+"m"+pin+"p"+sou+"s"+honors+"z")
	h := hand(t, "", win, melds...)
	for i := 0; i < h.NumMelds; i++ {
		m := h.Melds[i]
		switch {
		case m.Kind == Chi:
			all[m.Tile]--
			all[m.Tile+1]--
			all[m.Tile+2]--
		case m.Quad():
			all[m.Tile] -= min(all[m.Tile], 4)
		default:
			all[m.Tile] -= 3
		}
	}
	h.Concealed = all
	return h
}

// noWinds fills in seat and prevailing winds absent from the hand (the library's None), seat not East.
func noWinds(h *Hand, s Situation) Situation {
	all := h.AllTiles()
	free := []Wind{}
	for w := WindSouth; w <= WindNorth; w++ {
		if all[w.Tile()] == 0 {
			free = append(free, w)
		}
	}
	if all[East] == 0 {
		free = append(free, WindEast)
	}
	s.Seat, s.Prevailing = free[0], free[0]
	return s
}

func TestMahjongRepositoryHands(t *testing.T) {
	const yakuCalc = "mahjong/hand_calculating/tests/tests_yaku_calculation.py"
	type want struct{ han, fu, yaku int } // 0: not asserted
	east := Situation{Seat: WindEast, Prevailing: WindEast}
	tests := []struct {
		src   string
		h     Hand
		s     Situation
		winds bool // s carries its own winds
		dora  []string
		want  want
	}{
		{src: "test_hands_calculation #1", h: mrHand(t, "", "112233999", "", "11177", "9p", "pon:111z", "chi:123p", "chi:123p"), want: want{fu: 30}},
		{src: "test_hands_calculation #2 (dora indicators and an honour kan)", h: mrHand(t, "", "22244456799", "", "444", "2p", "kan:4444z"), dora: []string{"3s", "3z"}, want: want{han: 6, fu: 50, yaku: 2}},
		{src: "test_hands_calculation #3 (2 fu where pinfu is not possible)", h: mrHand(t, "11", "123345", "678", "666", "3p"), s: Situation{Win: WinTsumo}, want: want{fu: 40}},
		{src: "test_hands_calculation #4", h: mrHand(t, "234789", "12345666", "", "", "6p"), want: want{fu: 30}},
		{src: "test_hands_calculation #5", h: mrHand(t, "", "34555789", "678", "555", "5p"), s: Situation{Win: WinTsumo}, want: want{fu: 40}},
		{src: "test_hands_calculation #6", h: mrHand(t, "678", "88", "123345678", "", "3s"), want: want{han: 1, fu: 30, yaku: 1}},
		{src: "test_hands_calculation #7", h: mrHand(t, "123456", "456", "12399", "", "1s"), want: want{han: 1, fu: 30, yaku: 1}},
		{src: "test_hands_calculation #8 (player wind East)", h: mrHand(t, "", "", "111123666789", "11", "1s", "pon:666s"), s: Situation{Seat: WindEast, Prevailing: WindSouth}, winds: true, dora: []string{"4z"}, want: want{han: 4, fu: 40}},
		{src: "test_hands_calculation #9", h: mrHand(t, "", "12333", "567", "666777", "3p", "pon:666z", "pon:777z"), want: want{han: 2, fu: 30}},
		{src: "test_hands_calculation #10", h: mrHand(t, "456", "12367778", "678", "", "7p"), s: Situation{Riichi: true}, want: want{han: 1, fu: 40}},
		{src: "test_hands_calculation #11", h: mrHand(t, "11156677899", "", "", "777", "7m", "kan:7777z", "pon:111m", "chi:678m"), want: want{han: 3, fu: 40}},
		{src: "test_hands_calculation #12", h: mrHand(t, "122223777888", "", "", "66", "2m", "chi:123m", "pon:777m"), want: want{han: 2, fu: 30}},
		{src: "test_hands_calculation #13", h: mrHand(t, "", "11144678888", "", "444", "8p", "pon:444z", "pon:111p", "pon:888p"), want: want{han: 2, fu: 30}},
		{src: "test_hands_calculation #14", h: mrHand(t, "345", "999", "67778", "222", "7s"), s: Situation{Win: WinTsumo}, want: want{han: 1, fu: 40}},
		{src: "test_hands_calculation #15", h: mrHand(t, "345", "", "33445577789", "", "7s"), s: Situation{Win: WinTsumo}, want: want{han: 2, fu: 30}},
		{src: "test_hands_calculation #16", h: mrHand(t, "", "112233667788", "", "22", "3p", "chi:123p"), want: want{han: 2, fu: 30}},
		{src: "test_hands_calculation #17", h: mrHand(t, "12333456789", "", "345", "", "3m"), want: want{han: 2, fu: 40}},
		{src: "test_hands_calculation #18", h: mrHand(t, "", "", "11123456777888", "", "4s", "chi:123s", "pon:777s", "pon:888s"), s: Situation{Win: WinTsumo}, want: want{han: 5, fu: 30}},
		{src: "test_hands_calculation #19", h: mrHand(t, "", "", "112233789", "55777", "2s", "chi:123s"), want: want{han: 4, fu: 40}},
		{src: "test_hands_calculation #20", h: mrHand(t, "", "234777888999", "", "22", "9p", "chi:234p", "chi:789p"), want: want{han: 2, fu: 30}},
		{src: "test_hands_calculation #21", h: mrHand(t, "444", "77888899", "", "777", "8p", "pon:777z", "pon:444m"), s: Situation{Win: WinTsumo}, want: want{han: 1, fu: 30}},
		{src: "test_hands_calculation #22", h: mrHand(t, "567", "12333345", "", "555", "3p"), want: want{han: 1, fu: 40}},
		{src: "test_hands_calculation #23", h: mrHand(t, "", "34567777889", "", "555", "7p", "chi:345p"), want: want{han: 3, fu: 30}},
		{src: "test_hands_calculation #24 (closed kan)", h: mrHand(t, "", "567", "333444555", "77", "3s", "ankan:4444s"), s: Situation{Riichi: true}, want: want{han: 1, fu: 60}},
		{src: "test_is_riichi", h: mrHand(t, "234456", "66", "123444", "", "4s"), s: Situation{Riichi: true}, want: want{han: 1, fu: 40, yaku: 1}},
		{src: "test_is_tsumo", h: mrHand(t, "234456", "66", "123444", "", "4s"), s: Situation{Win: WinTsumo}, want: want{han: 1, fu: 30, yaku: 1}},
		{src: "test_is_ippatsu", h: mrHand(t, "234456", "66", "123444", "", "4s"), s: Situation{Riichi: true, Ippatsu: true}, want: want{han: 2, fu: 40, yaku: 2}},
		{src: "test_is_chankan", h: mrHand(t, "234456", "66", "123444", "", "4s"), s: Situation{Win: WinChankan}, want: want{han: 1, fu: 40, yaku: 1}},
		{src: "test_is_houtei", h: mrHand(t, "234456", "66", "123444", "", "4s"), s: Situation{Win: WinHoutei}, want: want{han: 1, fu: 40, yaku: 1}},
		{src: "test_is_daburu_riichi", h: mrHand(t, "234456", "66", "123444", "", "4s"), s: Situation{Riichi: true, DoubleRiichi: true}, want: want{han: 2, fu: 40, yaku: 1}},
		{src: "test_is_haitei (the library scores it as a ron, 40 fu; a haitei is a self-draw: + menzen tsumo, the triplet concealed, 30 fu)", h: mrHand(t, "234456", "66", "123444", "", "4s"), s: Situation{Win: WinHaitei}, want: want{han: 2, fu: 30, yaku: 2}},
		{src: "east seat (the first case with a wind set, as player_wind EAST)", h: mrHand(t, "", "112233999", "", "11177", "9p", "pon:111z", "chi:123p", "chi:123p"), s: east, winds: true, want: want{fu: 30}},
	}
	o := mrOptions()
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			s := tc.s
			if !tc.winds {
				s = noWinds(&tc.h, s)
			}
			for _, d := range tc.dora {
				s.Dora = append(s.Dora, tile(t, d))
			}
			r, err := Score(&tc.h, &s, &o)
			if err != nil {
				t.Fatalf("%s %s: Score: %v", yakuCalc, tc.src, err)
			}
			got := want{han: r.Han, fu: r.Fu, yaku: 0}
			for _, it := range r.YakuList() {
				if !it.Yaku.IsDora() {
					got.yaku++
				}
			}
			if r.Dora > 0 {
				got.yaku++ // the library lists dora as one yaku
			}
			if tc.want.han == 0 {
				got.han = 0
			}
			if tc.want.yaku == 0 {
				got.yaku = 0
			}
			if got != tc.want {
				t.Errorf("%s %s: got han %d fu %d yaku %d, want %+v (%s)", yakuCalc, tc.src, r.Han, r.Fu, got.yaku, tc.want, r.String())
			}
		})
	}
}

// TestMahjongRepositoryRefusals ports the cases where the library reports an error.
func TestMahjongRepositoryRefusals(t *testing.T) {
	o := mrOptions()
	h := mrHand(t, "234456", "66", "123444", "", "4s")
	open := mrHand(t, "234456", "66", "123444", "", "4s", "chi:123s")
	tests := []struct {
		src  string
		h    Hand
		s    Situation
		want string // "no yaku" or the InputError field
	}{
		{"test_is_riichi: riichi with an open hand", open, Situation{Riichi: true}, "riichi"},
		{"test_is_tsumo: an open tsumo has no yaku", open, Situation{Win: WinTsumo}, "no yaku"},
		{"test_is_ippatsu: ippatsu without riichi", h, Situation{Ippatsu: true}, "ippatsu"},
		// The library scores is_rinshan on a hand with no kan (40 fu, 1 han); mjref refuses the situation.
		{"test_is_rinshan: rinshan needs a kan here", h, Situation{Win: WinRinshan}, "win"},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			s := noWinds(&tc.h, tc.s)
			_, err := Score(&tc.h, &s, &o)
			var ie *InputError
			got := fmt.Sprint(err)
			if errors.As(err, &ie) {
				got = ie.Field
			}
			if got != tc.want {
				t.Errorf("mahjong/hand_calculating/tests/tests_yaku_calculation.py %s: err %v, want %s", tc.src, err, tc.want)
			}
		})
	}
}

// TestMahjongRepositoryScores ports tests_scores_calculation.py: han and fu to the main and additional
// payments. The library writes n yakuman as 13n han (kazoe_limit KAZOE_NO_LIMIT); mjref takes yakuman units.
func TestMahjongRepositoryScores(t *testing.T) {
	o := mrOptions()
	type row struct{ han, fu, main, additional int }
	check := func(test string, dealer, tsumo bool, rows []row) {
		for _, r := range rows {
			han, yakuman := r.han, 0
			if han >= 26 {
				han, yakuman = 0, r.han/13
			}
			p := Value(han, r.fu, yakuman, dealer, &o)
			main, add := p.Ron, 0
			if tsumo {
				main, add = p.TsumoDealer, p.TsumoOther
				if dealer {
					main = p.TsumoOther
				}
			}
			if main != r.main || add != r.additional {
				t.Errorf("mahjong/hand_calculating/tests/tests_scores_calculation.py %s: %d han %d fu = %d/%d, want %d/%d", test, r.han, r.fu, main, add, r.main, r.additional)
			}
		}
	}
	check("test_calculate_scores_and_ron", false, false, []row{{1, 30, 1000, 0}, {1, 110, 3600, 0}, {2, 30, 2000, 0}, {3, 30, 3900, 0}, {4, 30, 7700, 0}, {4, 40, 8000, 0}, {5, 0, 8000, 0}, {6, 0, 12000, 0}, {8, 0, 16000, 0}, {11, 0, 24000, 0}, {13, 0, 32000, 0}, {26, 0, 64000, 0}, {39, 0, 96000, 0}, {52, 0, 128000, 0}, {65, 0, 160000, 0}, {78, 0, 192000, 0}})
	check("test_calculate_scores_and_ron_by_dealer", true, false, []row{{1, 30, 1500, 0}, {2, 30, 2900, 0}, {3, 30, 5800, 0}, {4, 30, 11600, 0}, {5, 0, 12000, 0}, {6, 0, 18000, 0}, {8, 0, 24000, 0}, {11, 0, 36000, 0}, {13, 0, 48000, 0}, {26, 0, 96000, 0}, {39, 0, 144000, 0}, {52, 0, 192000, 0}, {65, 0, 240000, 0}, {78, 0, 288000, 0}})
	check("test_calculate_scores_and_tsumo", false, true, []row{{1, 30, 500, 300}, {3, 30, 2000, 1000}, {3, 60, 3900, 2000}, {4, 30, 3900, 2000}, {5, 0, 4000, 2000}, {6, 0, 6000, 3000}, {8, 0, 8000, 4000}, {11, 0, 12000, 6000}, {13, 0, 16000, 8000}, {26, 0, 32000, 16000}, {39, 0, 48000, 24000}, {52, 0, 64000, 32000}, {65, 0, 80000, 40000}, {78, 0, 96000, 48000}})
	check("test_calculate_scores_and_tsumo_by_dealer", true, true, []row{{1, 30, 500, 500}, {3, 30, 2000, 2000}, {4, 30, 3900, 3900}, {5, 0, 4000, 4000}, {6, 0, 6000, 6000}, {8, 0, 8000, 8000}, {11, 0, 12000, 12000}, {13, 0, 16000, 16000}, {26, 0, 32000, 32000}, {39, 0, 48000, 48000}, {52, 0, 64000, 64000}, {65, 0, 80000, 80000}, {78, 0, 96000, 96000}})
	o.KiriageMangan = true
	check("test_kiriage_mangan", false, false, []row{{4, 30, 8000, 0}, {3, 60, 8000, 0}})
	check("test_kiriage_mangan (dealer)", true, false, []row{{4, 30, 12000, 0}, {3, 60, 12000, 0}})
}
