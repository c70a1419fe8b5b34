package settle_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/mjref/mjref/referee/settle"
)

func TestParseAmount(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want settle.Amount
		text string // String() of the result
	}{
		{"whole", "64", 640000, "64"},
		{"quarter", "0.25", 2500, "0.25"},
		{"half", "0.5", 5000, "0.5"},
		{"eighth", "0.125", 1250, "0.125"},
		{"four places", "1.0001", 10001, "1.0001"},
		{"trailing zeros", "3.1400", 31400, "3.14"},
		{"negative", "-1.5", -15000, "-1.5"},
		{"plus sign", "+3", 30000, "3"},
		{"zero", "0", 0, "0"},
		{"leading dot", ".5", 5000, "0.5"},
		{"trailing dot", "2.", 20000, "2"},
		{"negative quarter", "-0.25", -2500, "-0.25"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := settle.ParseAmount(tt.in)
			if err != nil {
				t.Fatalf("ParseAmount(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseAmount(%q) (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.text, got.String()); diff != "" {
				t.Errorf("String (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseAmountErrors(t *testing.T) {
	tests := []struct {
		name, in, msg string
	}{
		{"empty", "", `amount "": empty`},
		{"sign only", "-", `amount "-": no digits`},
		{"dot only", ".", `amount ".": no digits`},
		{"five places", "0.00001", `amount "0.00001": more than four decimal places`},
		{"exponent", "1e3", `amount "1e3": unexpected 'e': expected a decimal number like 0.25`},
		{"two dots", "1.2.3", `amount "1.2.3": unexpected '.': expected a decimal number like 0.25`},
		{"fraction", "1/4", `amount "1/4": unexpected '/': expected a decimal number like 0.25`},
		{"space", " 1", `amount " 1": unexpected ' ': expected a decimal number like 0.25`},
		{"too large", "99999999999999999999", `amount "99999999999999999999": too large`},
		{"too large after scaling", "922337203685478", `amount "922337203685478": too large`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := settle.ParseAmount(tt.in)
			var ae *settle.AmountError
			if !errors.As(err, &ae) {
				t.Fatalf("ParseAmount(%q) = %v, want *AmountError", tt.in, err)
			}
			if diff := cmp.Diff(tt.msg, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAmountJSON(t *testing.T) {
	tests := []struct {
		name string
		a    settle.Amount
		json string
	}{
		{"quarter", 2500, "0.25"},
		{"whole", settle.Points(192), "192"},
		{"negative", -settle.Points(48), "-48"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.a)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.json, string(b)); diff != "" {
				t.Errorf("Marshal (-want +got):\n%s", diff)
			}
			var back settle.Amount
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.a, back); diff != "" {
				t.Errorf("round trip (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAmountMul(t *testing.T) {
	tests := []struct {
		name    string
		a, b    string
		want    string
		precise bool
	}{
		{"share times points", "3", "16", "48", true},
		{"quarter stake", "0.5", "0.5", "0.25", true},
		{"eighth", "0.25", "0.5", "0.125", true},
		{"large but exact", "300000000000000", "2", "600000000000000", true},
		{"negative times positive", "-0.25", "4", "-1", true},
		{"negative times negative", "-0.5", "-0.5", "0.25", true},
		{"most negative", "-922337203685477.5808", "1", "-922337203685477.5808", true},
		{"most negative times minus one", "-922337203685477.5808", "-1", "", false},
		{"too fine", "0.0001", "0.5", "", false},
		{"overflow", "900000000000000", "900000000000000", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := mustAmount(t, tt.a), mustAmount(t, tt.b)
			got, err := a.Mul(b)
			if !tt.precise {
				if !errors.Is(err, settle.ErrPrecision) {
					t.Fatalf("%s × %s = %s, %v; want ErrPrecision", a, b, got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestAmountAddOverflow(t *testing.T) {
	big := settle.Amount(1 << 62)
	if _, err := big.Add(big); !errors.Is(err, settle.ErrPrecision) {
		t.Errorf("Add overflow: got %v, want ErrPrecision", err)
	}
	if got, err := big.Add(-big); err != nil || got != 0 {
		t.Errorf("Add(-big) = %s, %v; want 0", got, err)
	}
}

func TestAmountTextRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := settle.Amount(rapid.Int64().Draw(t, "a"))
		got, err := settle.ParseAmount(a.String())
		if err != nil {
			t.Fatalf("ParseAmount(%q): %v", a.String(), err)
		}
		if got != a {
			t.Fatalf("ParseAmount(%q) = %d, want %d", a.String(), got, a)
		}
		b, _ := json.Marshal(a)
		var back settle.Amount
		if err := json.Unmarshal(b, &back); err != nil || back != a {
			t.Fatalf("JSON %s came back as %d, %v", b, back, err)
		}
	})
}

func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"0.25", "64", "-1.5", "+3", ".5", "2.", "1e3", "0.00001", "9223372036854775807", "", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := settle.ParseAmount(s)
		if err != nil {
			return
		}
		back, err := settle.ParseAmount(a.String())
		if err != nil || back != a {
			t.Fatalf("%q parsed as %d, whose text %q parses as %d, %v", s, a, a.String(), back, err)
		}
	})
}

func mustAmount(t testing.TB, s string) settle.Amount {
	t.Helper()
	a, err := settle.ParseAmount(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAmountExtremes(t *testing.T) {
	for _, a := range []settle.Amount{math.MinInt64, math.MaxInt64, -1, 1} {
		t.Run(a.String(), func(t *testing.T) {
			got, err := settle.ParseAmount(a.String())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(a, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestAmountMulMatchesBig: Mul is exact whenever the true product has four decimals and fits, and
// refuses otherwise.
func TestAmountMulMatchesBig(t *testing.T) {
	unit := big.NewInt(int64(settle.Unit))
	rapid.Check(t, func(t *rapid.T) {
		gen := rapid.OneOf(rapid.Int64(), rapid.Int64Range(-1e9, 1e9), rapid.SampledFrom([]int64{0, 1, -1, 2500, 5000, 10000, math.MaxInt64, math.MinInt64}))
		a, b := settle.Amount(gen.Draw(t, "a")), settle.Amount(gen.Draw(t, "b"))
		p := new(big.Int).Mul(big.NewInt(int64(a)), big.NewInt(int64(b)))
		q, r := new(big.Int).QuoRem(p, unit, new(big.Int))
		got, err := a.Mul(b)
		exact := r.Sign() == 0 && q.IsInt64()
		if !exact {
			if !errors.Is(err, settle.ErrPrecision) {
				t.Fatalf("%s × %s = %s, %v; want ErrPrecision", a, b, got, err)
			}
			return
		}
		if err != nil || int64(got) != q.Int64() {
			t.Fatalf("%s × %s = %s, %v; want %d units", a, b, got, err, q.Int64())
		}
	})
}
