package ledger

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Amount is an exact amount of points or money: a fixed-point number in 1/10000 units, so a quarter
// (二五雞) is kept exactly. It marshals to JSON as a plain number (12.25) and to text as "12.25".
type Amount int64

// amountScale is the number of units in 1.
const amountScale = 10000

// Whole returns n whole points.
func Whole(n int64) Amount { return Amount(n * amountScale) }

// String returns the amount in decimal notation with no trailing zeros: "12", "-0.25".
func (a Amount) String() string {
	neg := a < 0
	u := uint64(a)
	if neg {
		u = uint64(-a)
	}
	s := strconv.FormatUint(u/amountScale, 10)
	if frac := u % amountScale; frac != 0 {
		f := strings.TrimRight(fmt.Sprintf("%04d", frac), "0")
		s += "." + f
	}
	if neg {
		s = "-" + s
	}
	return s
}

var errAmount = errors.New("not an amount")

// ParseAmount reads a decimal amount with at most four decimals: "12", "-3.5", "0.25".
func ParseAmount(s string) (Amount, error) {
	t := s
	neg := false
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
		neg = t[0] == '-'
		t = t[1:]
	}
	whole, frac, hasDot := strings.Cut(t, ".")
	if whole == "" && (!hasDot || frac == "") || len(frac) > 4 || (hasDot && frac == "") {
		return 0, fmt.Errorf("%q: %w", s, errAmount)
	}
	var w uint64
	for _, c := range whole {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%q: %w", s, errAmount)
		}
		w = w*10 + uint64(c-'0')
		if w > 1<<62/amountScale {
			return 0, fmt.Errorf("%q: too large", s)
		}
	}
	var f uint64
	for i := range 4 {
		f *= 10
		if i < len(frac) {
			c := frac[i]
			if c < '0' || c > '9' {
				return 0, fmt.Errorf("%q: %w", s, errAmount)
			}
			f += uint64(c - '0')
		}
	}
	a := Amount(w*amountScale + f)
	if neg {
		a = -a
	}
	return a, nil
}

// MarshalText implements encoding.TextMarshaler.
func (a Amount) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (a *Amount) UnmarshalText(b []byte) error {
	v, err := ParseAmount(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// MarshalJSON writes the amount as a plain JSON number.
func (a Amount) MarshalJSON() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalJSON reads a plain JSON number (or a string holding one) without going through floats.
func (a *Amount) UnmarshalJSON(b []byte) error {
	s := string(b)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	return a.UnmarshalText([]byte(s))
}
