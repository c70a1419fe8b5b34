package settle

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
)

// Amount is an exact sum of money or points in ten-thousandths of a unit: 0.25 is Amount(2500).
// It is parsed from decimal text without floats, so a quarter unit at 二五雞 is never rounded.
type Amount int64

// Unit is one whole point.
const Unit Amount = 10000

// amountDecimals is the number of decimal places an Amount keeps.
const amountDecimals = 4

// ErrPrecision is wrapped by errors that say an amount would need more than four decimal places,
// or would not fit, so it cannot be computed exactly.
var ErrPrecision = errors.New("amount out of exact range")

// AmountError is a decimal text that is not an Amount.
type AmountError struct {
	Input string
	Msg   string
}

// Error returns `amount "0.00001": more than four decimal places` style text.
func (e *AmountError) Error() string { return fmt.Sprintf("amount %q: %s", e.Input, e.Msg) }

// Points returns the Amount of n whole points.
func Points(n int64) Amount { return Amount(n) * Unit }

// ParseAmount reads a decimal number such as "64", "0.25", "-1.5" or "+3" with at most four
// decimal places. Exponents, fractions and thousands separators are rejected.
func ParseAmount(s string) (Amount, error) {
	if s == "" {
		return 0, &AmountError{Input: s, Msg: "empty"}
	}
	i := 0
	neg := false
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		i++
	}
	limit := uint64(math.MaxInt64)
	if neg {
		limit++ // math.MinInt64 is an Amount too
	}
	var v uint64
	digits, decimals := 0, 0
	dot := false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' && !dot:
			dot = true
		case c >= '0' && c <= '9':
			if dot {
				decimals++
				if decimals > amountDecimals {
					return 0, &AmountError{Input: s, Msg: "more than four decimal places"}
				}
			}
			digits++
			d := uint64(c - '0')
			if v > (limit-d)/10 {
				return 0, &AmountError{Input: s, Msg: "too large"}
			}
			v = v*10 + d
		default:
			return 0, &AmountError{Input: s, Msg: fmt.Sprintf("unexpected %q: expected a decimal number like 0.25", c)}
		}
	}
	if digits == 0 {
		return 0, &AmountError{Input: s, Msg: "no digits"}
	}
	for ; decimals < amountDecimals; decimals++ {
		if v > limit/10 {
			return 0, &AmountError{Input: s, Msg: "too large"}
		}
		v *= 10
	}
	if neg {
		return Amount(-v), nil
	}
	return Amount(v), nil
}

// String returns the amount as a plain decimal: "64", "0.25", "-1.5".
func (a Amount) String() string { return string(a.appendText(nil)) }

func (a Amount) appendText(b []byte) []byte {
	u := uint64(a)
	if a < 0 {
		b = append(b, '-')
		u = -u
	}
	b = strconv.AppendUint(b, u/uint64(Unit), 10)
	frac := u % uint64(Unit)
	if frac == 0 {
		return b
	}
	b = append(b, '.')
	for d := uint64(Unit) / 10; frac != 0; d /= 10 {
		b = append(b, byte('0'+frac/d))
		frac %= d
	}
	return b
}

// MarshalText implements encoding.TextMarshaler: the String form.
func (a Amount) MarshalText() ([]byte, error) { return a.appendText(nil), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseAmount, so YAML scalars such as
// 0.25 are read from their text, never through a float.
func (a *Amount) UnmarshalText(b []byte) error {
	v, err := ParseAmount(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// MarshalJSON writes the amount as a plain JSON number: 0.25, 64.
func (a Amount) MarshalJSON() ([]byte, error) { return a.appendText(nil), nil }

// UnmarshalJSON reads a JSON number (or a string holding one) without going through a float.
func (a *Amount) UnmarshalJSON(b []byte) error {
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		b = b[1 : len(b)-1]
	}
	return a.UnmarshalText(b)
}

// Mul returns a × b exactly, or an error wrapping ErrPrecision when the product needs more than four
// decimal places or does not fit. The raw product is formed in 128 bits, so only the result's range
// limits it.
func (a Amount) Mul(b Amount) (Amount, error) {
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(abs64(a), abs64(b))
	if hi >= uint64(Unit) {
		return 0, fmt.Errorf("%s × %s: %w", a, b, ErrPrecision)
	}
	q, r := bits.Div64(hi, lo, uint64(Unit))
	if r != 0 {
		return 0, fmt.Errorf("%s × %s needs more than four decimal places: %w", a, b, ErrPrecision)
	}
	limit := uint64(math.MaxInt64)
	if neg {
		limit++
	}
	if q > limit {
		return 0, fmt.Errorf("%s × %s: %w", a, b, ErrPrecision)
	}
	if neg {
		return Amount(-q), nil
	}
	return Amount(q), nil
}

func abs64(a Amount) uint64 {
	if a < 0 {
		return -uint64(a)
	}
	return uint64(a)
}

// Add returns a + b, or an error wrapping ErrPrecision on overflow.
func (a Amount) Add(b Amount) (Amount, error) {
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) {
		return 0, fmt.Errorf("%s + %s: %w", a, b, ErrPrecision)
	}
	return s, nil
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return p, true
}
