package scoring

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Bounds is the range of worth a ruleset pays a win at: the one rule a score, a settlement and a
// typed-in worth all follow. A hand worth less than Min is not a win; a hand worth more than Cap is
// paid at Cap; a limit hand is paid at Limit. A family that pays only certain values (an American
// card) lists them in Values. The zero value bounds nothing and has no limit hands.
type Bounds struct {
	// Unit is what a worth counts: "faan" (Hong Kong) or "value" (an American card line).
	Unit string `json:"unit"`
	// Min is the least a win is worth (三番起糊: 3).
	Min int `json:"min"`
	// Cap is the most a hand is paid at (爆棚); 0 means no cap.
	Cap int `json:"cap,omitempty"`
	// Limit is what a limit hand (例牌) is paid at: the cap, or 13 with none. 0: the family has no
	// limit hands.
	Limit int `json:"limit,omitempty"`
	// Values, when set, are the only worths the family pays (the values printed on the card).
	Values []int `json:"values,omitempty"`
}

// Worth is what one winner's hand is paid at, and why.
type Worth struct {
	// Worth is the hand's worth as scored or typed (its faan, or its card line's value).
	Worth int `json:"worth"`
	// Unit is "faan" or "value".
	Unit string `json:"unit"`
	// Limit marks a limit hand.
	Limit bool `json:"limit,omitempty"`
	// Paid is the worth the payout table is read at: Worth, the cap, or the limit.
	Paid int `json:"paid"`
	// Capped says the cap cut the hand's worth down to Paid.
	Capped bool `json:"capped,omitempty"`
	// Note says it in words when Paid differs from Worth: "13 faan, paid at the cap of 10".
	Note string `json:"note,omitempty"`
}

// BelowMinError says a worth is below the minimum a win needs. It wraps ErrNotWinning.
type BelowMinError struct {
	Worth, Min int
	Unit       string
}

// Error returns "2 faan is below this table's minimum of 3: not a win".
func (e *BelowMinError) Error() string {
	return fmt.Sprintf("%s is below this table's minimum of %d: not a win", worthText(e.Worth, e.Unit), e.Min)
}

// Unwrap lets errors.Is(err, ErrNotWinning) match.
func (e *BelowMinError) Unwrap() error { return ErrNotWinning }

// NotPaidError says a worth is not one the family pays (an American value no card line carries).
// It wraps ErrNotWinning.
type NotPaidError struct {
	Worth  int
	Unit   string
	Values []int
}

// Error returns "value 33 is not a value the card pays (25, 30, 40): not a win".
func (e *NotPaidError) Error() string {
	vs := make([]string, len(e.Values))
	for i, v := range e.Values {
		vs[i] = strconv.Itoa(v)
	}
	payer := "this table"
	if e.Unit == "value" {
		payer = "the card"
	}
	return fmt.Sprintf("%s is not a %s %s pays (%s): not a win", worthText(e.Worth, e.Unit), unitOr(e.Unit), payer, strings.Join(vs, ", "))
}

// Unwrap lets errors.Is(err, ErrNotWinning) match.
func (e *NotPaidError) Unwrap() error { return ErrNotWinning }

func unitOr(u string) string {
	if u == "" {
		return "worth"
	}
	return u
}

// worthText writes "2 faan" or "value 25".
func worthText(w int, unit string) string {
	switch unit {
	case "value":
		return fmt.Sprintf("value %d", w)
	case "":
		return strconv.Itoa(w)
	}
	return fmt.Sprintf("%d %s", w, unit)
}

// Check says whether a hand worth w can be a win: nil, a *BelowMinError or a *NotPaidError. A limit
// hand is always in range; a negative worth is never one (ErrImpossible).
func (b Bounds) Check(w int, limit bool) error {
	if limit {
		if b.Limit == 0 {
			return fmt.Errorf("a limit hand: this table has no limit hands: %w", ErrImpossible)
		}
		return nil
	}
	switch {
	case w < 0:
		return fmt.Errorf("a worth of %d: %w", w, ErrImpossible)
	case w < b.Min:
		return &BelowMinError{Worth: w, Min: b.Min, Unit: b.Unit}
	case len(b.Values) > 0 && !slices.Contains(b.Values, w):
		return &NotPaidError{Worth: w, Unit: b.Unit, Values: b.Values}
	}
	return nil
}

// PaidAt is Paid's number alone, without the note that explains it: what a scorer compares
// readings by.
func (b Bounds) PaidAt(w int, limit bool) int {
	switch {
	case limit:
		return b.Limit
	case b.Cap > 0 && w > b.Cap:
		return b.Cap
	}
	return w
}

// Paid returns what a hand worth w (a limit hand when limit) is paid at. It does not check the
// minimum: see Check.
func (b Bounds) Paid(w int, limit bool) Worth {
	p := Worth{Worth: w, Unit: b.Unit, Limit: limit, Paid: b.PaidAt(w, limit)}
	switch {
	case limit:
		if b.Cap > 0 {
			p.Note = fmt.Sprintf("a limit hand, paid at the cap of %d", b.Cap)
		} else {
			p.Note = fmt.Sprintf("a limit hand, paid at %s (no cap)", worthText(b.Limit, b.Unit))
		}
	case b.Cap > 0 && w > b.Cap:
		p.Capped = true
		p.Note = fmt.Sprintf("%s, paid at the cap of %d", worthText(w, b.Unit), b.Cap)
	}
	return p
}
