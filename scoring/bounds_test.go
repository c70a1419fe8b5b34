package scoring

import "testing"

// PaidAt is Paid's number, over worths below, at and above the cap, limit hands, with a cap and
// without; Paid's notes say why where the number is not the worth.
func TestPaidAtIsPaid(t *testing.T) {
	for _, b := range []Bounds{{Unit: "faan", Min: 3, Cap: 10, Limit: 10}, {Unit: "faan", Min: 0, Cap: 0, Limit: 13}, {Unit: "value", Cap: 5, Limit: 8}, {}} {
		for w := -1; w <= 15; w++ {
			for _, limit := range []bool{false, true} {
				p := b.Paid(w, limit)
				if got := b.PaidAt(w, limit); got != p.Paid {
					t.Errorf("%+v, worth %d, limit %v: PaidAt %d, Paid %d", b, w, limit, got, p.Paid)
				}
				if (p.Paid != w || limit) != (p.Note != "") || p.Capped != (!limit && b.Cap > 0 && w > b.Cap) {
					t.Errorf("%+v, worth %d, limit %v: paid %d, capped %v, note %q", b, w, limit, p.Paid, p.Capped, p.Note)
				}
			}
		}
	}
	if got := (Bounds{Unit: "faan", Cap: 10, Limit: 10}).Paid(12, false).Note; got != "12 faan, paid at the cap of 10" {
		t.Errorf("capped note %q", got)
	}
}
