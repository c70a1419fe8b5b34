package points

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mjref/mjref/scoring"
	"go.yaml.in/yaml/v3"
)

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(*Rules)
		path   []string // nil: valid
	}{
		{"sheet", func(*Rules) {}, nil},
		{"negative hidden set", func(r *Rules) { r.Sets.Regular.Hidden = -1 }, []string{"sets", "regular", "hidden"}},
		{"negative exposed set", func(r *Rules) { r.Sets.Honour.Exposed = -1 }, []string{"sets", "honour", "exposed"}},
		{"negative seven sisters", func(r *Rules) { r.SevenSisters.Honour.Hidden = -800 }, []string{"seven_sisters", "honour", "hidden"}},
		{"negative regular pair", func(r *Rules) { r.Pairs.Regular.Value = -100 }, []string{"pairs", "regular", "value"}},
		{"negative honour pair", func(r *Rules) { r.Pairs.Honour.Value = -200 }, []string{"pairs", "honour", "value"}},
		{"positive regular penalty", func(r *Rules) { r.Unused.Regular.Value = 200 }, []string{"unused", "regular", "value"}},
		{"positive honour penalty", func(r *Rules) { r.Unused.Honour.Value = 300 }, []string{"unused", "honour", "value"}},
		{"zero penalty", func(r *Rules) { r.Unused.Honour.Value = 0 }, nil},
		{"negative flower bonus", func(r *Rules) { r.Flowers.Regular.Bonus = -50 }, []string{"flowers", "regular", "bonus"}},
		{"negative boosted cancel bonus", func(r *Rules) { r.Flowers.Boosted.CancelRegularBonus = -1 }, []string{"flowers", "boosted", "cancel_regular_bonus"}},
		{"negative honour cancel bonus", func(r *Rules) { r.Flowers.Boosted.CancelHonourBonus = -1 }, []string{"flowers", "boosted", "cancel_honour_bonus"}},
		{"nonwinner_sets unset", func(r *Rules) { r.NonwinnerSets = 0 }, []string{"nonwinner_sets"}},
		{"kongs unset", func(r *Rules) { r.Kongs = 0 }, []string{"kongs"}},
		{"target zero", func(r *Rules) { r.Race.Target = 0 }, []string{"race", "target"}},
		{"ties unset", func(r *Rules) { r.Race.Ties = 0 }, []string{"race", "ties"}},
		{"every option changed", func(r *Rules) {
			r.NonwinnerSets, r.Kongs, r.Race.Ties = NonwinnerBest, KongsForbidden, TiesMahjong
			r.Bird.ReturnsToDiscarder, r.SevenSisters.FourAsTwoPairs = false, true
		}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Default()
			c.change(r)
			err := r.Validate()
			var re *scoring.RuleError
			var got []string
			if errors.As(err, &re) {
				got = re.Path
			} else if err != nil {
				t.Fatalf("error %v is not a *scoring.RuleError", err)
			}
			if diff := cmp.Diff(c.path, got); diff != "" {
				t.Errorf("path (-want +got):\n%s\nerror: %v", diff, err)
			}
		})
	}
}

func TestOptionText(t *testing.T) {
	type texter interface {
		MarshalText() ([]byte, error)
		UnmarshalText([]byte) error
	}
	for _, c := range []struct {
		name  string
		v     texter
		fresh func() texter
		text  string
	}{
		{"forced", ptr(NonwinnerForced), func() texter { return new(NonwinnerSets) }, "forced"},
		{"best", ptr(NonwinnerBest), func() texter { return new(NonwinnerSets) }, "best"},
		{"sets", ptr(KongsAsSets), func() texter { return new(KongRule) }, "sets"},
		{"forbidden", ptr(KongsForbidden), func() texter { return new(KongRule) }, "forbidden"},
		{"play-on", ptr(TiesPlayOn), func() texter { return new(TieRule) }, "play-on"},
		{"shared", ptr(TiesShared), func() texter { return new(TieRule) }, "shared"},
		{"mahjong", ptr(TiesMahjong), func() texter { return new(TieRule) }, "mahjong"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := c.v.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.text, string(b)); diff != "" {
				t.Errorf("MarshalText (-want +got):\n%s", diff)
			}
			got := c.fresh()
			if err := got.UnmarshalText(b); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.v, got); diff != "" {
				t.Errorf("round trip (-want +got):\n%s", diff)
			}
			if err := c.fresh().UnmarshalText([]byte(c.text + "x")); err == nil {
				t.Errorf("UnmarshalText(%q) accepted", c.text+"x")
			}
		})
	}
	if got := NonwinnerSets(0).String(); got != "unset" {
		t.Errorf("zero NonwinnerSets = %q, want unset", got)
	}
}

func ptr[T any](v T) *T { return &v }

// TestBuiltinRuleset decodes the deburger: section of family/deburger/builtin/deburger-2026.yaml strictly,
// as the loader does, and checks it holds exactly Default. Other top-level sections (the ledger's
// flow:) belong to other packages and are left to them.
func TestBuiltinRuleset(t *testing.T) {
	b, err := os.ReadFile("../../family/deburger/builtin/deburger-2026.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Name        string    `yaml:"name"`
		Family      string    `yaml:"family"`
		Description string    `yaml:"description"`
		DeBurger    yaml.Node `yaml:"deburger"`
	}
	if err := yaml.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	if file.Name != "deburger-2026" || file.Family != "deburger" || file.Description == "" {
		t.Errorf("name %q family %q description %q", file.Name, file.Family, file.Description)
	}
	section, err := yaml.Marshal(&file.DeBurger)
	if err != nil {
		t.Fatal(err)
	}
	var got Rules
	dec := yaml.NewDecoder(bytes.NewReader(section))
	dec.KnownFields(true)
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	if err := got.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	if diff := cmp.Diff(Default(), &got, cmpopts.IgnoreTypes(scoring.Source{})); diff != "" {
		t.Errorf("builtin vs Default (-want +got):\n%s", diff)
	}
}
