package riichi

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tiles reads MPSZ digits ("234m99s", 0 is a red five) into counts and red fives, for tests.
func tiles(t testing.TB, s string) (Counts, [3]uint8) {
	t.Helper()
	var c Counts
	var red [3]uint8
	var digits []int
	for _, ch := range s {
		switch {
		case ch >= '0' && ch <= '9':
			digits = append(digits, int(ch-'0'))
		case ch == 'm' || ch == 'p' || ch == 's' || ch == 'z':
			suit := map[rune]int{'m': 0, 'p': 1, 's': 2, 'z': 3}[ch]
			for _, d := range digits {
				if d == 0 {
					d = 5
					red[suit]++
				}
				c[suit*9+d-1]++
			}
			digits = digits[:0]
		case ch == ' ':
		default:
			t.Fatalf("bad test tiles %q", s)
		}
	}
	return c, red
}

func tile(t testing.TB, s string) Tile {
	t.Helper()
	c, _ := tiles(t, s)
	for i, n := range c {
		if n > 0 {
			return Tile(i)
		}
	}
	t.Fatalf("no tile in %q", s)
	return 0
}

// hand builds a hand: concealed tiles without the winning tile, the winning tile, then melds written as
// "chi:123m", "pon:555z", "kan:2222p" (open), "ankan:9999s", "kakan:1111z".
func hand(t testing.TB, concealed, win string, melds ...string) Hand {
	t.Helper()
	var h Hand
	h.Concealed, h.Red = tiles(t, concealed+win)
	h.Win = tile(t, win)
	kinds := map[string]MeldKind{"chi": Chi, "pon": Pon, "kan": OpenKan, "ankan": ClosedKan, "kakan": AddedKan}
	for _, m := range melds {
		var kind, ts string
		for i := range m {
			if m[i] == ':' {
				kind, ts = m[:i], m[i+1:]
			}
		}
		c, red := tiles(t, ts)
		for s := range red {
			h.Red[s] += red[s]
		}
		low := Tile(0)
		for c[low] == 0 {
			low++
		}
		h.Melds[h.NumMelds] = Meld{Kind: kinds[kind], Tile: low}
		h.NumMelds++
	}
	return h
}

func ids(r *Result) []string {
	var out []string
	for _, it := range r.YakuList() {
		if it.Yakuman > 0 {
			out = append(out, fmt.Sprintf("%s x%d", it.Yaku.ID(), it.Yakuman))
		} else {
			out = append(out, fmt.Sprintf("%s %d", it.Yaku.ID(), it.Han))
		}
	}
	return out
}

type scored struct {
	Yaku    []string
	Han, Fu int
	Yakuman int
	Points  int
	Summary string
}

func outcome(r *Result) scored {
	return scored{Yaku: ids(r), Han: r.Han, Fu: r.Fu, Yakuman: r.Yakuman, Points: r.Points(), Summary: r.Summary()}
}

func TestScoreExamples(t *testing.T) {
	tenhou := TenhouOptions()
	tests := []struct {
		name   string
		source string
		h      Hand
		s      Situation
		o      Options
		want   scored
	}{
		{
			name:   "riichi tsumo pinfu",
			source: "issue 28, done when: 234m23p456p678s99s+1p --riichi --win tsumo --seat S",
			h:      hand(t, "234m23p456p678s99s", "1p"),
			s:      Situation{Win: WinTsumo, Riichi: true, Seat: WindSouth},
			o:      tenhou,
			want: scored{Yaku: []string{"riichi 1", "menzen_tsumo 1", "pinfu 1"}, Han: 3, Fu: 20, Points: 2700,
				Summary: "20 fu 3 han: 2600 ron, 700/1300 tsumo"},
		},
		{
			name:   "30 fu 3 han",
			source: "issue 28: 30 fu 3 han: 3900 ron, 1000/2000 tsumo",
			h:      hand(t, "234m234p55m678s78s", "9s"),
			s:      Situation{Win: WinRon, Riichi: true, Seat: WindWest, Dora: []Tile{tile(t, "1p")}},
			o:      tenhou,
			want: scored{Yaku: []string{"riichi 1", "pinfu 1", "dora 1"}, Han: 3, Fu: 30, Points: 3900,
				Summary: "30 fu 3 han: 3900 ron, 1000/2000 tsumo"},
		},
		{
			name:   "open hand, tanyao, open pinfu 30 fu",
			source: "standard fu: an open hand of 20 fu is raised to 30",
			h:      hand(t, "234m345s67p55s", "8p", "chi:456m"),
			s:      Situation{Win: WinRon, Seat: WindSouth},
			o:      tenhou,
			want:   scored{Yaku: []string{"tanyao 1"}, Han: 1, Fu: 30, Points: 1000, Summary: "30 fu 1 han: 1000 ron, 300/500 tsumo"},
		},
		{
			name:   "kiriage mangan",
			source: "kiriage: 4 han 30 fu is 8000 for a non-dealer",
			h:      hand(t, "234m234p55m678s78s", "9s"),
			s:      Situation{Win: WinRon, Riichi: true, Seat: WindWest, Dora: []Tile{tile(t, "1p"), tile(t, "3m")}},
			o:      Options{KiriageMangan: true, KazoeYakuman: true, DoubleWindPairFu: 4, RedFives: 3},
			want: scored{Yaku: []string{"riichi 1", "pinfu 1", "dora 2"}, Han: 4, Fu: 30, Points: 8000,
				Summary: "30 fu 4 han mangan: 8000 ron, 2000/4000 tsumo"},
		},
		{
			name:   "suuankou tanki is one yakuman on Tenhou",
			source: "Tenhou counts no double yakuman (gist.github.com/kobalab/0d551769d11e077322fe4c8a6990a475: 電脳麻将 follows Tenhou except that 国士無双十三面, 四暗刻単騎, 大四喜, 純正九蓮宝燈 are double)",
			h:      hand(t, "111m333p555s777z9m", "9m"),
			s:      Situation{Win: WinRon, Seat: WindEast},
			o:      tenhou,
			want:   scored{Yaku: []string{"suuankou_tanki x1"}, Yakuman: 1, Points: 48000, Summary: "yakuman: 48000 ron, 16000 all tsumo"},
		},
		{
			name:   "suuankou tanki is a double yakuman on Mahjong Soul",
			source: "Mahjong Soul: 四暗刻単騎 double yakuman (RiichiEnv agari_4p.json case 727: 26 han)",
			h:      hand(t, "111m333p555s777z9m", "9m"),
			s:      Situation{Win: WinRon, Seat: WindEast},
			o:      MajsoulOptions(),
			want:   scored{Yaku: []string{"suuankou_tanki x2"}, Yakuman: 2, Points: 96000, Summary: "2x yakuman: 96000 ron, 32000 all tsumo"},
		},
		{
			name:   "stacked yakuman on Tenhou: suuankou tanki, daisuushii and tsuuiisou, one each",
			source: "Tenhou stacks yakuman (複合あり) but counts 四暗刻単騎 and 大四喜 as one each",
			h:      hand(t, "111222333444z5z", "5z"),
			s:      Situation{Win: WinRon, Seat: WindSouth},
			o:      tenhou,
			want:   scored{Yaku: []string{"suuankou_tanki x1", "daisuushii x1", "tsuuiisou x1"}, Yakuman: 3, Points: 96000, Summary: "3x yakuman: 96000 ron, 24000/48000 tsumo"},
		},
		{
			name:   "shanpon ron is no suuankou",
			source: "a triplet completed by ron is open: sanankou toitoi",
			h:      hand(t, "111m333p555s77z99m", "7z"),
			s:      Situation{Win: WinRon, Seat: WindSouth},
			o:      tenhou,
			want: scored{Yaku: []string{"yakuhai_red 1", "toitoi 2", "sanankou 2"}, Han: 5, Fu: 50, Points: 8000,
				Summary: "50 fu 5 han mangan: 8000 ron, 2000/4000 tsumo"},
		},
		{
			name:   "no double yakuman",
			source: "Options.DoubleYakuman off",
			h:      hand(t, "111m333p555s777z9m", "9m"),
			s:      Situation{Win: WinRon, Seat: WindEast},
			o:      Options{DoubleWindPairFu: 2},
			want:   scored{Yaku: []string{"suuankou_tanki x1"}, Yakuman: 1, Points: 48000, Summary: "yakuman: 48000 ron, 16000 all tsumo"},
		},
		{
			name:   "chiitoitsu 25 fu",
			source: "七対子 25 fu",
			h:      hand(t, "1133m5577p22s44z1z", "1z"),
			s:      Situation{Win: WinRon, Riichi: true, Seat: WindNorth},
			o:      tenhou,
			want:   scored{Yaku: []string{"riichi 1", "chiitoitsu 2"}, Han: 3, Fu: 25, Points: 3200, Summary: "25 fu 3 han: 3200 ron, 800/1600 tsumo"},
		},
		{
			name:   "chuuren",
			source: "九蓮宝燈, not on the nine-sided wait",
			h:      hand(t, "1112345568999m", "7m"),
			s:      Situation{Win: WinRon, Seat: WindSouth},
			o:      tenhou,
			want:   scored{Yaku: []string{"chuuren x1"}, Yakuman: 1, Points: 32000, Summary: "yakuman: 32000 ron, 8000/16000 tsumo"},
		},
		{
			name:   "junsei chuuren",
			source: "純正九蓮宝燈: the nine-sided wait",
			h:      hand(t, "1112345678999m", "9m"),
			s:      Situation{Win: WinTsumo, Seat: WindSouth},
			o:      MajsoulOptions(),
			want:   scored{Yaku: []string{"junsei_chuuren x2"}, Yakuman: 2, Points: 64000, Summary: "2x yakuman: 64000 ron, 16000/32000 tsumo"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Score(&tc.h, &tc.s, &tc.o)
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			if diff := cmp.Diff(tc.want, outcome(&r)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.source, diff)
			}
		})
	}
}

func TestScoreErrors(t *testing.T) {
	tenhou := TenhouOptions()
	tests := []struct {
		name string
		h    Hand
		s    Situation
		want error
	}{
		{"open hand without yaku", hand(t, "234m345s67p11s", "8p", "chi:789p"), Situation{Win: WinRon}, ErrNoYaku},
		{"not complete", hand(t, "234m678p55s3469s1z", "2z"), Situation{Win: WinRon}, ErrNotComplete},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(&tc.h, &tc.s, &tenhou)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
	bad := []struct {
		name  string
		h     Hand
		s     Situation
		field string
	}{
		{"ippatsu without riichi", hand(t, "234m23p456p678s99s", "1p"), Situation{Ippatsu: true}, "ippatsu"},
		{"riichi with an open meld", hand(t, "234m345s67p55s", "8p", "chi:456m"), Situation{Riichi: true}, "riichi"},
		{"five of a tile", hand(t, "1111m234p678s99s", "1m", "ankan:1111m"), Situation{}, "tiles"},
		{"thirteen tiles", hand(t, "234m23p456p678s9s", "1p"), Situation{}, "tiles"},
		{"rinshan without a kan", hand(t, "234m23p456p678s99s", "1p"), Situation{Win: WinRinshan}, "win"},
		{"two red 5m", hand(t, "340m0m5m456p678s99s", "9s"), Situation{}, "red"},
		{"first-turn ron", hand(t, "234m23p456p678s99s", "1p"), Situation{FirstTurn: true}, "first_turn"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(&tc.h, &tc.s, &tenhou)
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != tc.field {
				t.Errorf("err = %v, want an *InputError for %s", err, tc.field)
			}
		})
	}
}

func TestValue(t *testing.T) {
	tenhou := TenhouOptions()
	kiriage := tenhou
	kiriage.KiriageMangan = true
	noKazoe := tenhou
	noKazoe.KazoeYakuman = false
	tests := []struct {
		han, fu, yakuman int
		dealer           bool
		o                *Options
		want             string
	}{
		{1, 30, 0, false, &tenhou, "30 fu 1 han: 1000 ron, 300/500 tsumo"},
		{3, 30, 0, false, &tenhou, "30 fu 3 han: 3900 ron, 1000/2000 tsumo"},
		{3, 30, 0, true, &tenhou, "30 fu 3 han: 5800 ron, 2000 all tsumo"},
		{2, 20, 0, false, &tenhou, "20 fu 2 han: 1300 ron, 400/700 tsumo"},
		{4, 30, 0, false, &tenhou, "30 fu 4 han: 7700 ron, 2000/3900 tsumo"},
		{4, 30, 0, false, &kiriage, "30 fu 4 han mangan: 8000 ron, 2000/4000 tsumo"},
		{3, 60, 0, true, &kiriage, "60 fu 3 han mangan: 12000 ron, 4000 all tsumo"},
		{4, 40, 0, false, &tenhou, "40 fu 4 han mangan: 8000 ron, 2000/4000 tsumo"},
		{6, 30, 0, false, &tenhou, "30 fu 6 han haneman: 12000 ron, 3000/6000 tsumo"},
		{8, 30, 0, true, &tenhou, "30 fu 8 han baiman: 24000 ron, 8000 all tsumo"},
		{11, 30, 0, false, &tenhou, "30 fu 11 han sanbaiman: 24000 ron, 6000/12000 tsumo"},
		{13, 30, 0, false, &tenhou, "30 fu 13 han kazoe_yakuman: 32000 ron, 8000/16000 tsumo"},
		{13, 30, 0, false, &noKazoe, "30 fu 13 han sanbaiman: 24000 ron, 6000/12000 tsumo"},
		{0, 0, 1, false, &tenhou, "yakuman: 32000 ron, 8000/16000 tsumo"},
		{0, 0, 2, true, &tenhou, "2x yakuman: 96000 ron, 32000 all tsumo"},
		{2, 25, 0, false, &tenhou, "25 fu 2 han: 1600 ron, 400/800 tsumo"},
		{1, 110, 0, false, &tenhou, "110 fu 1 han: 3600 ron, 900/1800 tsumo"},
	}
	for _, tc := range tests {
		p := Value(tc.han, tc.fu, tc.yakuman, tc.dealer, tc.o)
		if got := PaymentSummary(tc.han, tc.fu, tc.yakuman, p, tc.dealer); got != tc.want {
			t.Errorf("Value(%d, %d, %d, dealer %v) = %q, want %q", tc.han, tc.fu, tc.yakuman, tc.dealer, got, tc.want)
		}
	}
}

func TestReadingsBestFirst(t *testing.T) {
	// 2233445566778m + 8m: ryanpeikou (3 han) or seven pairs (2 han), and several standard readings.
	h := hand(t, "2233445566778p", "8p")
	s := Situation{Win: WinRon, Riichi: true, Seat: WindSouth}
	o := TenhouOptions()
	rs, err := Readings(&h, &s, &o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) < 2 {
		t.Fatalf("%d readings, want several", len(rs))
	}
	best, err := Score(&h, &s, &o)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(outcome(&best), outcome(&rs[0])); diff != "" {
		t.Errorf("Readings[0] differs from Score (-score +readings):\n%s", diff)
	}
	for i := 1; i < len(rs); i++ {
		if better(&rs[i], &rs[i-1]) {
			t.Errorf("reading %d (%s) beats reading %d (%s)", i, rs[i].String(), i-1, rs[i-1].String())
		}
	}
	if !best.Has(Ryanpeikou) || !best.Has(Chinitsu) {
		t.Errorf("best = %s, want ryanpeikou and chinitsu", best.String())
	}
}

func TestScoreAllocs(t *testing.T) {
	h := hand(t, "2233445566778p", "8p")
	s := Situation{Win: WinTsumo, Riichi: true, Seat: WindSouth, Dora: []Tile{3}, Ura: []Tile{5}}
	o := TenhouOptions()
	var sink int
	allocs := testing.AllocsPerRun(200, func() {
		r, _ := Score(&h, &s, &o)
		sink += r.Han
	})
	if allocs != 0 {
		t.Errorf("Score allocates %.1f times per hand, want 0", allocs)
	}
}

// TestDecompositionBound enumerates every single-suit fourteen-tile hand (the suit with the most readings) and
// checks that no hand has more standard decompositions than the fixed buffer holds, and that the decomposer
// agrees with a naive search on completeness.
func TestDecompositionBound(t *testing.T) {
	maxN, hands := 0, 0
	eachSuitHand(func(suit *[9]uint8) {
		var c Counts
		copy(c[:], suit[:])
		hands++
		var d decomposer
		d.run(c)
		if d.over {
			t.Fatalf("%v overflows %d decompositions", c[:9], maxDecomp)
		}
		maxN = max(maxN, d.n)
		if got, want := d.n > 0, naiveComplete(c, true); got != want {
			t.Fatalf("%v: complete %v, naive %v", c[:9], got, want)
		}
	})
	t.Logf("%d single-suit hands, at most %d decompositions", hands, maxN)
}

// eachSuitHand calls fn with every fourteen tiles of one suit, four of a kind at most, as counts of
// its nine ranks (118,800 hands).
func eachSuitHand(fn func(c *[9]uint8)) {
	var c [9]uint8
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == 9 {
			if left == 0 {
				fn(&c)
			}
			return
		}
		for n := 0; n <= 4 && n <= left; n++ {
			c[i] = uint8(n)
			rec(i+1, left-n)
		}
		c[i] = 0
	}
	rec(0, 14)
}

func naiveComplete(c Counts, needPair bool) bool {
	i := 0
	for i < NumKinds && c[i] == 0 {
		i++
	}
	if i == NumKinds {
		return !needPair
	}
	if needPair && c[i] >= 2 {
		c[i] -= 2
		if naiveComplete(c, false) {
			return true
		}
		c[i] += 2
	}
	if needPair {
		// The pair may be a later tile.
		for p := i + 1; p < NumKinds; p++ {
			if c[p] >= 2 {
				c[p] -= 2
				if naiveComplete(c, false) {
					return true
				}
				c[p] += 2
			}
		}
	}
	if c[i] >= 3 {
		c[i] -= 3
		if naiveComplete(c, needPair) {
			return true
		}
		c[i] += 3
	}
	if i < int(East) && i%9 <= 6 && c[i+1] > 0 && c[i+2] > 0 {
		c[i]--
		c[i+1]--
		c[i+2]--
		if naiveComplete(c, needPair) {
			return true
		}
	}
	return false
}

// TestSingleSuitHands scores every closed fourteen-tile hand of one suit, won by self-draw on each
// of its tiles, in each suit: a hand of one suit has a yaku (full flush, or a yakuman) whenever it
// is complete, so Score must say complete exactly when a naive search does, score the full flush or
// a yakuman, find the nine gates exactly when the tiles hold 1112345678999, and score manzu and pinzu
// alike (souzu too, but for all green). Such hands without a 1, 2 or 9 once panicked.
func TestSingleSuitHands(t *testing.T) {
	o := TenhouOptions()
	s := Situation{Win: WinTsumo, Seat: WindSouth}
	var c [9]uint8
	hands, wins := 0, 0
	score := func(suit int, win int) (Result, error) {
		var h Hand
		for i, n := range c {
			h.Concealed[suit*9+i] = n
		}
		h.Win = Tile(suit*9 + win)
		return Score(&h, &s, &o)
	}
	check := func() {
		var all Counts
		copy(all[:], c[:])
		pairs := 0
		for _, n := range c {
			if n == 2 {
				pairs++
			}
		}
		complete := naiveComplete(all, true) || pairs == 7
		gates := c[0] >= 3 && c[8] >= 3
		for i := 1; i < 8; i++ {
			gates = gates && c[i] >= 1
		}
		green := c[0] == 0 && c[4] == 0 && c[6] == 0 && c[8] == 0 // 2 3 4 6 8 of souzu
		hands++
		for win := range 9 {
			if c[win] == 0 {
				continue
			}
			wins++
			name := fmt.Sprintf("%v won on %d", c, win+1)
			var got [3]scored
			for suit := range 3 {
				r, err := score(suit, win)
				if !complete {
					if !errors.Is(err, ErrNotComplete) {
						t.Fatalf("%s (suit %d): err %v, want ErrNotComplete", name, suit, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s (suit %d): %v", name, suit, err)
				}
				if !r.Has(Chinitsu) && r.Yakuman == 0 {
					t.Fatalf("%s (suit %d): %v, want the full flush or a yakuman", name, suit, ids(&r))
				}
				pure := gates && c[win] == 2 // before the win 1112345678999: nine waits
				if win == 0 || win == 8 {
					pure = gates && c[win] == 4
				}
				if r.Has(JunseiChuuren) != pure || r.Has(Chuuren) != (gates && !pure) {
					t.Fatalf("%s (suit %d): %v, want nine gates %v (9-sided %v)", name, suit, ids(&r), gates, pure)
				}
				got[suit] = outcome(&r)
			}
			if diff := cmp.Diff(got[0], got[1]); diff != "" {
				t.Fatalf("%s: manzu and pinzu differ (-m +p):\n%s", name, diff)
			}
			if !green {
				if diff := cmp.Diff(got[0], got[2]); diff != "" {
					t.Fatalf("%s: manzu and souzu differ (-m +s):\n%s", name, diff)
				}
			}
			if !complete {
				break // one winning tile says enough of an incomplete hand
			}
		}
	}
	eachSuitHand(func(suit *[9]uint8) {
		c = *suit
		check()
	})
	t.Logf("%d single-suit hands, %d (hand, winning tile) pairs in each suit", hands, wins)
}

// TestGroupString: the shared group strings are what format writes, for every kind, tile and meld.
func TestGroupString(t *testing.T) {
	for _, tc := range []struct {
		g    Group
		want string
	}{
		{Group{Kind: Sequence, Tile: 1}, "234m"},
		{Group{Kind: Triplet, Tile: 31}, "555z"},
		{Group{Kind: Quad, Tile: 15, Meld: true}, "[7777p]"},
		{Group{Kind: Pair, Tile: 26, Open: true}, "99s"},
	} {
		if got := tc.g.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.g, got, tc.want)
		}
	}
	for k := Pair; k <= Quad; k++ {
		for tile := Tile(0); tile < NumKinds; tile++ {
			for _, meld := range []bool{false, true} {
				g := Group{Kind: k, Tile: tile, Meld: meld}
				if got, want := g.String(), g.format(); got != want {
					t.Fatalf("%+v: %q, want %q", g, got, want)
				}
			}
		}
	}
}
