package riichi

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sharedRiichi returns shared/riichi beside the repository root (CI copies shared/ beside the clone; a
// worktree under wt/ finds it one level further up), or skips the test when it is absent.
func sharedRiichi(t testing.TB) string {
	t.Helper()
	root := filepath.Join("..", "..") // this package is scoring/riichi
	tried := []string{filepath.Join(root, "..", "shared", "riichi"), filepath.Join(root, "..", "..", "shared", "riichi")}
	for _, dir := range tried {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
	}
	t.Skipf("outside riichi test data not found (looked for %s): copy shared/ beside the repository", strings.Join(tried, ", "))
	return ""
}

// riichiEnvYaku maps RiichiEnv's yaku ids (riichienv-core/src/yaku.rs, YAKU_TABLE: "id == mjsoul_id") to ours.
// It is the one place the two numberings meet.
var riichiEnvYaku = map[int]Yaku{
	1: MenzenTsumo, 2: Riichi, 3: Chankan, 4: Rinshan, 5: Haitei, 6: Houtei,
	7: YakuhaiWhite, 8: YakuhaiGreen, 9: YakuhaiRed, 10: SeatWind, 11: PrevailingWind,
	12: Tanyao, 13: Iipeikou, 14: Pinfu, 15: Chanta, 16: Ittsu, 17: Sanshoku, 18: DoubleRiichi,
	19: SanshokuDoukou, 20: Sankantsu, 21: Toitoi, 22: Sanankou, 23: Shousangen, 24: Honroutou,
	25: Chiitoitsu, 26: Junchan, 27: Honitsu, 28: Ryanpeikou, 29: Chinitsu, 30: Ippatsu,
	31: Dora, 32: AkaDora, 33: UraDora,
	35: Tenhou, 36: Chiihou, 37: Daisangen, 38: Suuankou, 39: Tsuuiisou, 40: Ryuuiisou,
	41: Chinroutou, 42: Kokushi, 43: Shousuushii, 44: Suukantsu, 45: Chuuren,
	47: JunseiChuuren, 48: SuuankouTanki, 49: Kokushi13, 50: Daisuushii,
	34: Kita,
}

type envMeld struct {
	Type   string `json:"meld_type"`
	Tiles  []int  `json:"tiles"`
	Opened bool   `json:"opened"`
}

type envCase struct {
	Tiles      []int     `json:"tiles_136"`
	Melds      []envMeld `json:"melds"`
	Win        int       `json:"win_tile_136"`
	Dora       []int     `json:"dora_indicators"`
	Ura        []int     `json:"ura_indicators"`
	Conditions struct {
		Tsumo        bool `json:"tsumo"`
		Riichi       bool `json:"riichi"`
		DoubleRiichi bool `json:"double_riichi"`
		Ippatsu      bool `json:"ippatsu"`
		Haitei       bool `json:"haitei"`
		Houtei       bool `json:"houtei"`
		Rinshan      bool `json:"rinshan"`
		Chankan      bool `json:"chankan"`
		FirstTurn    bool `json:"tsumo_first_turn"`
		PlayerWind   int  `json:"player_wind"`
		RoundWind    int  `json:"round_wind"`
		Kita         int  `json:"kita_count"`
		Players      int  `json:"num_players"`
	} `json:"conditions"`
	Expected struct {
		IsWin bool  `json:"is_win"`
		Han   int   `json:"han"`
		Fu    int   `json:"fu"`
		Yaku  []int `json:"yaku"`
	} `json:"expected"`
}

// tile136 reads a 136-tile id: id/4 is the kind; 16, 52 and 88 are the red fives.
func tile136(id int) (Tile, int) {
	red := -1
	switch id {
	case 16:
		red = 0
	case 52:
		red = 1
	case 88:
		red = 2
	}
	return Tile(id / 4), red
}

func (c *envCase) hand() (Hand, Situation, error) {
	var h Hand
	addRed := func(r int) {
		if r >= 0 {
			h.Red[r]++
		}
	}
	tiles := c.Tiles
	if len(tiles) < 14-3*len(c.Melds) {
		// tiles_136 leaves out the winning tile, except in case 805 (all fourteen tiles listed).
		tiles = append(slices.Clone(tiles), c.Win)
	}
	for _, id := range tiles {
		t, r := tile136(id)
		h.Concealed[t]++
		addRed(r)
	}
	h.Win, _ = tile136(c.Win)
	for _, m := range c.Melds {
		low := Tile(NumKinds)
		for _, id := range m.Tiles {
			t, r := tile136(id)
			low = min(low, t)
			addRed(r)
		}
		var k MeldKind
		switch m.Type {
		case "chi":
			k = Chi
		case "pon":
			k = Pon
		case "daiminkan":
			k = OpenKan
		case "kakan":
			k = AddedKan
		case "ankan":
			k = ClosedKan
		default:
			return h, Situation{}, fmt.Errorf("meld type %q", m.Type)
		}
		h.Melds[h.NumMelds] = Meld{Kind: k, Tile: low}
		h.NumMelds++
	}
	cd := c.Conditions
	s := Situation{
		Riichi: cd.Riichi, DoubleRiichi: cd.DoubleRiichi, Ippatsu: cd.Ippatsu, FirstTurn: cd.FirstTurn,
		Seat: Wind(cd.PlayerWind), Prevailing: Wind(cd.RoundWind), Kita: cd.Kita,
	}
	switch {
	case cd.Rinshan:
		s.Win = WinRinshan
	case cd.Chankan:
		s.Win = WinChankan
	case cd.Haitei && cd.Tsumo:
		s.Win = WinHaitei
	case cd.Houtei && !cd.Tsumo:
		s.Win = WinHoutei
	case cd.Tsumo:
		s.Win = WinTsumo
	}
	for _, d := range c.Dora {
		s.Dora = append(s.Dora, Tile(d/4))
	}
	for _, d := range c.Ura {
		s.Ura = append(s.Ura, Tile(d/4))
	}
	return h, s, nil
}

type envOutcome struct {
	Han  int
	Fu   int
	Yaku []string
}

func loadEnvCases(t testing.TB, name string) []envCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sharedRiichi(t), "riichienv", name))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []envCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	return file.Cases
}

// TestRiichiEnvAgari checks every four-player winning hand of RiichiEnv's benchmark data
// (riichienv-core/benches/data/agari_4p.json, Apache-2.0) against its expected han, fu and yaku, under Tenhou's
// options but one: RiichiEnv scores Mahjong Soul's way (its yaku ids are Mahjong Soul's), where
// the 13-sided thirteen orphans, four concealed triplets on a pair wait, the 9-sided nine gates and
// big four winds are double yakuman (cases 727, 803, 805, 806, 808, 809, 810, 813, 814), which
// Tenhou counts as one: the test scores under MajsoulOptions, the riichi-majsoul preset.
// RiichiEnv writes a yakuman as 13 han per unit and 0 fu.
func TestRiichiEnvAgari(t *testing.T) {
	cases := loadEnvCases(t, "agari_4p.json")
	if len(cases) != 816 {
		t.Fatalf("%d cases, want 816", len(cases))
	}
	checkEnvCases(t, cases, MajsoulOptions())
}

// TestRiichiEnvAgari3p checks every three-player winning hand of RiichiEnv's benchmark data
// (riichienv-core/benches/data/agari_3p.json, Apache-2.0) under the three-player options
// (SanmaOptions, the riichi-sanma ruleset): no 2m to 8m, a 1m indicator showing 9m, and each north
// set aside (kita_count) a dora item of its own (RiichiEnv's yaku 34, Mahjong Soul's 北抜き).
func TestRiichiEnvAgari3p(t *testing.T) {
	cases := loadEnvCases(t, "agari_3p.json")
	if len(cases) != 402 {
		t.Fatalf("%d cases, want 402", len(cases))
	}
	o := SanmaOptions()
	o.DoubleYakuman = true // RiichiEnv scores Mahjong Soul's way, as for four players
	checkEnvCases(t, cases, o)
}

func checkEnvCases(t *testing.T, cases []envCase, o Options) {
	t.Helper()
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			h, s, err := c.hand()
			if err != nil {
				t.Fatal(err)
			}
			var want envOutcome
			want.Han, want.Fu = c.Expected.Han, c.Expected.Fu
			for _, id := range c.Expected.Yaku {
				y, ok := riichiEnvYaku[id]
				if !ok {
					t.Fatalf("RiichiEnv yaku id %d has no mapping", id)
				}
				want.Yaku = append(want.Yaku, y.ID())
			}
			slices.Sort(want.Yaku)
			want.Yaku = slices.Compact(want.Yaku)
			r, err := Score(&h, &s, &o)
			if err != nil {
				t.Fatalf("Score: %v (%s)", err, r.String())
			}
			got := envOutcome{Han: r.Han, Fu: r.Fu}
			if r.Yakuman > 0 {
				got.Han = 13 * r.Yakuman
			}
			for _, it := range r.YakuList() {
				got.Yaku = append(got.Yaku, it.Yaku.ID())
			}
			slices.Sort(got.Yaku)
			got.Yaku = slices.Compact(got.Yaku)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("case %d: %s (-want +got):\n%s", i, r.String(), diff)
			}
		})
	}
}

// TestRiichiEnvNegative checks RiichiEnv's 200 thirteen-tile hands (hands_negative.json, is_tenpai) for
// readiness: a hand is ready when some fourteenth tile completes it in any shape.
func TestRiichiEnvNegative(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sharedRiichi(t), "riichienv", "hands_negative.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Counts []uint8 `json:"counts_34"`
			Tenpai bool    `json:"is_tenpai"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) != 200 {
		t.Fatalf("%d cases, want 200", len(file.Cases))
	}
	ready := 0
	for i, c := range file.Cases {
		var cs Counts
		copy(cs[:], c.Counts)
		w := Waits(cs, 0)
		if got := w != 0; got != c.Tenpai {
			t.Errorf("case %d %v: ready %v, want %v (waits %b)", i, c.Counts, got, c.Tenpai, w)
		}
		if w != 0 {
			ready++
		}
		// No hand of thirteen tiles is complete.
		if Complete(cs, 0) {
			t.Errorf("case %d: thirteen tiles read as complete", i)
		}
	}
	t.Logf("%d ready, %d not", ready, len(file.Cases)-ready)
}
