package gamerules

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

func TestParseLength(t *testing.T) {
	tests := []struct {
		in      string
		want    Length
		wantErr bool
	}{
		{"4-rounds", Length{Kind: Rounds, N: 4}, false},
		{"1-round", Length{Kind: Rounds, N: 1}, false},
		{"8-hands", Length{Kind: Hands, N: 8}, false},
		{"16-Hands", Length{Kind: Hands, N: 16}, false},
		{"12-games", Length{Kind: Games, N: 12}, false},
		{"bust", Length{Kind: Bust}, false},
		{"target", Length{Kind: Target}, false},
		{"open", Length{}, false},
		{"0-hands", Length{}, true},
		{"-3-hands", Length{}, true},
		{"+3-hands", Length{}, true},
		{"8-minutes", Length{}, true},
		{"eight-hands", Length{}, true},
		{"hands", Length{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseLength(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseLength(%q) error %v, wantErr %v", tt.in, err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if err == nil && tt.in != "16-Hands" && got.String() != tt.in {
				t.Errorf("String() = %q, want %q", got.String(), tt.in)
			}
		})
	}
}

func TestFlowValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Flow)
		want []string // the RuleError path, nil when valid
	}{
		{"hong kong", func(*Flow) {}, nil},
		{"bust without stake", func(f *Flow) { f.Length = Length{Kind: Bust} }, []string{"stake"}},
		{"bust with stake", func(f *Flow) { f.Length, f.Stake = Length{Kind: Bust}, settle.Points(500) }, nil},
		{"negative stake", func(f *Flow) { f.Stake = -1 }, []string{"stake"}},
		{"target without target", func(f *Flow) { f.Length = Length{Kind: Target} }, []string{"target"}},
		{"rounds without wind", func(f *Flow) { f.PrevailingWind = false }, []string{"length"}},
		{"bust not zero-sum", func(f *Flow) { f.Length, f.Stake, f.ZeroSum = Length{Kind: Bust}, settle.Points(5), false }, []string{"length"}},
		{"bad tie rule", func(f *Flow) { f.Ties = 9 }, []string{"ties"}},
		// A stack of stake plus total must not wrap round: a winner would be "bust".
		{"stake too large", func(f *Flow) { f.Length, f.Stake = Length{Kind: Bust}, settle.Points(922337203685477) }, []string{"stake"}},
		{"largest stake", func(f *Flow) { f.Length, f.Stake = Length{Kind: Bust}, settle.Points(1_000_000_000) }, nil},
		{"target too large", func(f *Flow) { f.Target = settle.Points(1_000_000_001) }, []string{"target"}},
		{"return too large", func(f *Flow) { f.Return = settle.Points(1_000_000_001) }, []string{"return"}},
		{"riichi stick too large", func(f *Flow) { f.RiichiStick = settle.Points(1_000_000_001) }, []string{"riichi_stick"}},
		{"uma too large", func(f *Flow) {
			f.Return, f.Uma = settle.Points(1), []settle.Amount{settle.Points(2_000_000_000), 0, 0, settle.Points(-2_000_000_000)}
		}, []string{"uma"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := HongKongFlow()
			tt.edit(&f)
			err := f.Validate()
			var got []string
			if re, ok := err.(*scoring.RuleError); ok {
				got = re.Path
			} else if err != nil {
				t.Fatalf("error %T %v, want *scoring.RuleError", err, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("path (-want +got):\n%s (%v)", diff, err)
			}
		})
	}
	for _, f := range []Flow{HongKongFlow(), AmericanFlow(), DeBurgerFlow()} {
		if err := f.Validate(); err != nil {
			t.Errorf("preset %+v: %v", f, err)
		}
	}
}
