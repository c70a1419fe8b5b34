package family_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"

	"github.com/mjref/mjref/engine" // registers the families
)

func TestRegistry(t *testing.T) {
	var want []string
	for _, f := range engine.Families() {
		want = append(want, f.ID())
	}
	slices.Sort(want)
	if diff := cmp.Diff(want, family.IDs()); diff != "" {
		t.Errorf("IDs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, slices.Sorted(slices.Values(rulesets.Families()))); diff != "" {
		t.Errorf("the families' sections (-want +got):\n%s", diff)
	}
	for _, b := range rulesets.Builtins() {
		f, ok := family.Lookup(b.Family)
		if !ok {
			t.Errorf("built-in ruleset %s: family %q is not registered", b.Name, b.Family)
			continue
		}
		if f.ID() != b.Family || f.Title() == "" {
			t.Errorf("family %q: ID %q, Title %q", b.Family, f.ID(), f.Title())
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("registering hk twice did not panic")
		}
	}()
	f, _ := family.Lookup("hk")
	family.Register(f)
}

func TestBindUnknownFamily(t *testing.T) {
	rs := &rulesets.Ruleset{Name: "x", Family: "sichuan"}
	_, err := family.Bind(rs, family.BindOptions{})
	if err == nil || !strings.Contains(err.Error(), `family "sichuan" is not one mjref plays`) {
		t.Fatalf("Bind: %v", err)
	}
	if got := family.Title(rs); got != "sichuan" {
		t.Errorf("Title of an unknown family = %q, want its key", got)
	}
	if got := family.Notation(rs); got != (notation.Options{}) {
		t.Errorf("Notation of an unknown family = %+v, want plain", got)
	}
}

func TestHintOf(t *testing.T) {
	inner := family.WithHint(errors.New("bad"), "try this")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{errors.New("plain"), ""},
		{inner, "try this"},
		{family.WithHint(inner, ""), "try this"}, // an empty hint does not hide the one below
		{family.WithHint(inner, "outer"), "outer"},
		{family.WithHint(family.Usagef("--x"), "say y"), "say y"},
	} {
		if got := family.HintOf(tc.err); got != tc.want {
			t.Errorf("HintOf(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

func TestRefuseJokers(t *testing.T) {
	hk, _ := family.Lookup("hk")
	for _, text := range []string{"123m456p789s11z4sJ", "123m456p789s11z [4s4s4sJ]"} {
		h, err := notation.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		err = family.RefuseJokers(&h, hk)
		if err == nil || !strings.Contains(err.Error(), "a joker (J) is not a Hong Kong tile") || family.HintOf(err) == "" {
			t.Errorf("%s: %v", text, err)
		}
	}
	h := notation.MustParse("123m456p789s111z55z")
	if err := family.RefuseJokers(&h, hk); err != nil {
		t.Errorf("a hand without jokers: %v", err)
	}
}

// TestTableIntsJSON: a table of four writes every seat, a table of three no North (not a zero),
// and the seats read back as SeatInts would write them.
func TestTableIntsJSON(t *testing.T) {
	tests := []struct {
		in   family.TableInts
		want string
	}{
		{family.TableInts{SeatInts: family.SeatInts{8000, -4000, -4000, 0}, Seats: 4}, `{"E":8000,"S":-4000,"W":-4000,"N":0}`},
		{family.TableInts{SeatInts: family.SeatInts{8000, -4000, -4000, 0}, Seats: 3}, `{"E":8000,"S":-4000,"W":-4000}`},
		{family.TableInts{SeatInts: family.SeatInts{-1000, 3000, -1000, -1000}}, `{"E":-1000,"S":3000,"W":-1000,"N":-1000}`},
	}
	for _, tc := range tests {
		got, err := json.Marshal(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("%+v: %s, want %s", tc.in, got, tc.want)
		}
		if tc.in.Seats != 3 {
			four, _ := json.Marshal(tc.in.SeatInts)
			if string(four) != tc.want {
				t.Errorf("%+v: %s, SeatInts writes %s", tc.in, got, four)
			}
		}
	}
}
