package engine_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/engine"
)

func names(u *engine.UseInfo) []string {
	if u == nil {
		return nil
	}
	var out []string
	for _, f := range u.Fields {
		out = append(out, f.Name)
	}
	return out
}

// TestCatalog: each family's catalog entry lists the fields its takes-table reads, so a page
// never sends what the family refuses (DeBurger takes no prevailing wind to settle), and every
// field has a kind.
func TestCatalog(t *testing.T) {
	c, err := engine.BuiltinCatalog()
	if err != nil {
		t.Fatal(err)
	}
	fams := map[string]engine.FamilyInfo{}
	for _, f := range c.Families {
		fams[f.ID] = f
		for _, u := range []*engine.UseInfo{f.Score, f.Settle, f.Ledger} {
			if u == nil {
				continue
			}
			for _, fd := range u.Fields {
				if fd.Kind == "" {
					t.Errorf("%s: field %s has no kind", f.ID, fd.Name)
				}
			}
		}
		if f.Result.Total == "" || f.Result.Unit == "" {
			t.Errorf("%s: no result shape: %+v", f.ID, f.Result)
		}
	}
	tests := []struct {
		family         string
		score, settle  []string
		ledger         []string
		waits, closest bool
		table          bool
	}{
		{family: "hk", score: []string{"hand", "seat", "prevailing", "win", "discarder", "last_tile"},
			settle: []string{"hand", "faan", "limit", "winner", "seat", "prevailing", "win", "discarder", "last_tile", "responsible", "drawn", "wall", "false_win"},
			ledger: []string{"winner", "discarder", "win", "faan", "limit", "responsible", "drawn", "false_win", "points", "hand", "last_tile", "note"}, waits: true},
		{family: "deburger", score: []string{"hand", "seat", "prevailing", "win", "discarder", "last_tile", "loser"},
			settle: []string{"win", "discarder", "hands", "points", "totals", "mahjong"},
			ledger: []string{"winner", "discarder", "win", "drawn", "points", "hand", "note"}, waits: true, table: true},
		{family: "american", score: []string{"hand", "seat", "prevailing", "win", "discarder", "last_tile"},
			settle: []string{"hand", "value", "winner", "seat", "win", "discarder", "drawn", "wall", "false_win", "jokerless", "misnamed", "card"},
			ledger: []string{"winner", "discarder", "win", "value", "jokerless", "misnamed", "drawn", "false_win", "points", "hand", "note"}, waits: true, closest: true},
		{family: "riichi", score: []string{"hand", "seat", "prevailing", "win", "discarder", "last_tile", "riichi", "double_riichi", "ippatsu", "first_turn", "dora", "ura", "honba", "sticks", "kita", "readings"},
			settle: []string{"hand", "winner", "seat", "prevailing", "win", "discarder", "last_tile", "responsible", "drawn", "han", "fu", "yakuman", "honba", "sticks", "tenpai", "nagashi", "abortive", "riichi", "double_riichi", "ippatsu", "first_turn", "dora", "ura", "kita"},
			ledger: []string{"winner", "discarder", "win", "responsible", "drawn", "points", "han", "fu", "yakuman", "riichi", "tenpai", "nagashi", "abortive", "note"}, waits: true},
	}
	for _, tt := range tests {
		t.Run(tt.family, func(t *testing.T) {
			f, ok := fams[tt.family]
			if !ok {
				t.Fatalf("no family %s in the catalog", tt.family)
			}
			got := []any{names(f.Score), names(f.Settle), names(f.Ledger), f.Waits, f.Closest, f.SettlesTable}
			want := []any{tt.score, tt.settle, tt.ledger, tt.waits, tt.closest, tt.table}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
	// Every field of every request has a kind.
	for _, typ := range []reflect.Type{reflect.TypeFor[engine.ScoreRequest](), reflect.TypeFor[engine.SettleRequest](), reflect.TypeFor[engine.LedgerRequest]()} {
		for i := range typ.NumField() {
			if name := typ.Field(i).Tag.Get("json"); name != "" && !slices.Contains([]string{"-"}, name) && !engine.HasFieldKind(name) {
				t.Errorf("%s.%s (%s) has no kind in fieldKinds", typ.Name(), typ.Field(i).Name, name)
			}
		}
	}
}
