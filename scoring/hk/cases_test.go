package hk_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
	"go.yaml.in/yaml/v3"
)

// hkCase is one worked hand of testdata/hk_cases.yaml.
type hkCase struct {
	Name       string            `yaml:"name"`
	Source     string            `yaml:"source"`
	Hand       string            `yaml:"hand"`
	Seat       string            `yaml:"seat"`
	Prevailing string            `yaml:"prevailing"`
	Win        string            `yaml:"win"`
	LastTile   bool              `yaml:"last_tile"`
	Discarder  string            `yaml:"discarder"`
	Ruleset    string            `yaml:"ruleset"`
	Set        map[string]string `yaml:"set"`
	Valid      bool              `yaml:"valid"`
	Items      []string          `yaml:"items"`
	Total      int               `yaml:"total"`
	RawTotal   int               `yaml:"raw_total"`
	Limit      bool              `yaml:"limit"`
	Reason     string            `yaml:"reason"`
	Note       string            `yaml:"note"`
	Error      string            `yaml:"error"`
}

func loadCases(t testing.TB) []hkCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hk_cases.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []hkCase `yaml:"cases"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&file); err != nil {
		t.Fatalf("hk_cases.yaml: %v", err)
	}
	return file.Cases
}

func (c *hkCase) situation(t testing.TB) scoring.Situation {
	t.Helper()
	sit := scoring.Situation{Discarder: notation.NoSeat}
	var err error
	if c.Seat != "" {
		if sit.Seat, err = notation.ParseSeat(c.Seat); err != nil {
			t.Fatal(err)
		}
	}
	if c.Prevailing != "" {
		if sit.Prevailing, err = notation.ParseSeat(c.Prevailing); err != nil {
			t.Fatal(err)
		}
	}
	if c.Win != "" {
		if sit.Win, err = scoring.ParseWinKind(c.Win); err != nil {
			t.Fatal(err)
		}
	}
	sit.LastTile = c.LastTile
	if c.Discarder != "" {
		if sit.Discarder, err = notation.ParseSeat(c.Discarder); err != nil {
			t.Fatal(err)
		}
	}
	return sit
}

// itemStrings writes items as "id value" or "id value tiles", as the cases do.
func itemStrings(items []scoring.Item) []string {
	out := make([]string, 0, len(items))
	for _, it := range items {
		s := fmt.Sprintf("%s %d", it.ID, it.Value)
		if len(it.Tiles) > 0 {
			s += " " + notation.FormatTiles(it.Tiles)
		}
		out = append(out, s)
	}
	return out
}

type caseOutcome struct {
	Valid    bool
	Items    []string
	Total    int
	RawTotal int
	Limit    bool
	Reason   string
	Note     string
}

func TestCases(t *testing.T) {
	cases := loadCases(t)
	if len(cases) < 60 {
		t.Errorf("%d worked hands, want at least 60", len(cases))
	}
	rules := map[string]*hk.Rules{}
	covered := map[string]bool{}
	names := map[string]bool{}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if c.Source == "" {
				t.Error("case has no source")
			}
			if names[c.Name] {
				t.Errorf("duplicate case name")
			}
			names[c.Name] = true
			rs := c.Ruleset
			if rs == "" {
				rs = "hk"
			}
			r := rules[rs]
			if len(c.Set) > 0 {
				r = loadRules(t, rs, c.Set)
			} else if r == nil {
				r = loadRules(t, rs, nil)
				rules[rs] = r
			}
			h, err := notation.Parse(c.Hand)
			if err != nil {
				t.Fatalf("hand %q: %v", c.Hand, err)
			}
			res, err := hk.Score(&h, c.situation(t), r)
			if c.Error != "" {
				if !errors.Is(err, scoring.ErrImpossible) {
					t.Fatalf("Score error %v, want ErrImpossible (%s)", err, c.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			for _, it := range res.Items {
				covered[it.ID] = true
			}
			want := caseOutcome{Valid: c.Valid, Items: c.Items, Total: c.Total, RawTotal: c.RawTotal, Limit: c.Limit, Reason: c.Reason, Note: c.Note}
			if want.RawTotal == 0 {
				want.RawTotal = want.Total
			}
			if want.Items == nil {
				want.Items = []string{}
			}
			got := caseOutcome{Valid: res.Valid, Items: itemStrings(res.Items), Total: res.Total, RawTotal: res.RawTotal, Limit: res.Limit, Reason: res.Reason, Note: res.Note}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (%s) (-want +got):\n%s\n%s", c.Hand, c.Win, diff, res)
			}
		})
	}
	var missing []string
	for _, id := range hk.ItemIDs {
		if !covered[id] {
			missing = append(missing, id)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("item ids no worked hand scores: %v", missing)
	}
}

// TestEveryOptionMatters flips each option of the hk ruleset in turn and checks that at least one
// worked hand then gets a different verdict, so no option is dead.
func TestEveryOptionMatters(t *testing.T) {
	cases := loadCases(t)
	flips := map[string]string{
		"min_faan": "0", "cap": "13", "bonus_counts_toward_min": "false", "flowers": "false", "seven_pairs": "4",
		"common_hand_honour_pair": "false", "mixed_orphans_with_all_pongs": "false",
		"small_winds_with_wind_pongs": "true", "flower_set_replaces_seat_flower": "false",
		"concealed_kong_keeps_concealed": "true", "concealed_hand_with_flowers": "false",
		"flower_replacement_as_kong": "true", "eight_flowers_flat": "true", "four_concealed_pongs_on_pair_discard": "false",
	}
	base := loadRules(t, "hk", nil)
	for key, v := range flips {
		t.Run(key, func(t *testing.T) {
			flipped := loadRules(t, "hk", map[string]string{key: v})
			for _, c := range cases {
				if c.Error != "" || (c.Ruleset != "" && c.Ruleset != "hk") {
					continue
				}
				h := notation.MustParse(c.Hand)
				sit := c.situation(t)
				a, _ := hk.Score(&h, sit, base)
				b, _ := hk.Score(&h, sit, flipped)
				if a.String() != b.String() {
					return
				}
			}
			t.Errorf("setting %s to %s changes no worked hand", key, v)
		})
	}
}

// TestEverySuppressionIsData checks that each replaces: entry of the built-in hk.yaml is the only thing
// that suppresses the item it names: some worked hand removes the entry with set: and is then paid both
// items. A suppression written into the scorer would keep the second item away and fail that case.
func TestEverySuppressionIsData(t *testing.T) {
	cases := loadCases(t)
	r := loadRules(t, "hk", nil)
	for _, x := range hk.ItemIDs {
		for _, y := range r.Items[x].Replaces {
			found := false
			for _, c := range cases {
				v, ok := c.Set["items."+x+".replaces"]
				if !ok || c.Ruleset != "" {
					continue
				}
				var list []string
				if err := yaml.Unmarshal([]byte(v), &list); err != nil {
					t.Fatalf("case %q: set items.%s.replaces %q: %v", c.Name, x, v, err)
				}
				if slices.Contains(list, y) || !hasItem(c.Items, x) || !hasItem(c.Items, y) {
					continue
				}
				found = true
			}
			if !found {
				t.Errorf("%s replaces %s: no worked hand switches it off and is paid both", x, y)
			}
		}
	}
}

func hasItem(items []string, id string) bool {
	return slices.ContainsFunc(items, func(s string) bool { return s == id || strings.HasPrefix(s, id+" ") })
}
