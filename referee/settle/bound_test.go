package settle_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// A Bound (the settlement resolved once) settles every hand exactly as Settle does, errors
// included, and a ruleset Settle refuses does not bind.
func TestBoundSettlesAsSettle(t *testing.T) {
	r := loadRules(t, "hk-settlement.yaml")
	for name, rules := range map[string]*settle.Rules{"full": r, "half": with(r, half), "capped 8": with(r, capped(8))} {
		b, err := rules.Bind()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, kind := range []scoring.WinKind{scoring.Discard, scoring.SelfDraw} {
			for faan := 0; faan <= 14; faan++ {
				for _, seat := range []notation.Seat{E, S, W, N} {
					in := settle.Input{Kind: kind, Winners: []settle.Winner{winner(seat, faan)}}
					if kind == scoring.Discard {
						in.Discarder = seat.Next()
					} else {
						in.Discarder = X
					}
					want, wantErr := settle.Settle(rules, in)
					got, gotErr := b.Settle(in)
					if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) {
						t.Errorf("%s %v %d faan %v: err %v, want %v", name, kind, faan, seat, gotErr, wantErr)
					}
					if diff := cmp.Diff(want, got); diff != "" {
						t.Errorf("%s %v %d faan %v (-Settle +Bound):\n%s", name, kind, faan, seat, diff)
					}
				}
			}
		}
	}
	bad := with(r, func(r *settle.Rules) { r.Table = "nosuch" })
	_, settleErr := settle.Settle(bad, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 3)}, Discarder: X})
	if _, err := bad.Bind(); err == nil || err.Error() != settleErr.Error() {
		t.Errorf("Bind of an unknown table: %v, want Settle's %v", err, settleErr)
	}
}

func BenchmarkBoundSettleDiscard(b *testing.B) {
	bound, err := loadRules(b, "hk-settlement.yaml").Bind()
	if err != nil {
		b.Fatal(err)
	}
	in := settle.Input{Kind: scoring.Discard, Discarder: W, Winners: []settle.Winner{winner(S, 6)}}
	for b.Loop() {
		if _, err := bound.Settle(in); err != nil {
			b.Fatal(err)
		}
	}
}
