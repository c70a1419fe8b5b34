package american

import (
	"fmt"
	"strings"

	pat "github.com/mjref/mjref/scoring/pattern"
)

// The symbols of a group are read by the shared pattern package; these names keep the card code short.
type (
	elemKind = pat.Kind
	suffix   = pat.Suffix
)

const (
	elNum     = pat.Num
	elX       = pat.X
	elDragon  = pat.Dragon
	elZero    = pat.Zero
	elFlower  = pat.Flower
	elWind    = pat.Wind
	elAnyWind = pat.AnyWind

	sufNone = pat.NoSuffix
	sufA    = pat.SuitA
	sufB    = pat.SuitB
	sufC    = pat.SuitC
	sufM    = pat.Man
	sufP    = pat.Pin
	sufS    = pat.Sou
	sufAny  = pat.AnySuit
)

// elem is one tile of a group as written.
type elem struct {
	kind elemKind
	val  int8
}

// groupAlt is one alternative of a group: its symbols and suit suffix.
type groupAlt struct {
	text  string
	elems []elem
	suf   suffix
}

// group is one group of a pattern with its alternatives (usually one).
type group struct {
	text string
	alts []groupAlt
}

// pattern is one parsed alternative of a line.
type pattern struct {
	groups []group
	tiles  int // tiles in the pattern (every alternative of a group has the same size)
	usesX  bool
	vars   [3]bool // suit variables a, b, c used
}

// PatternError is a problem in a pattern string.
type PatternError = pat.Error

// parsePattern reads one pattern alternative.
func parsePattern(s string) (*pattern, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return nil, &PatternError{Msg: "empty pattern"}
	}
	if len(fields) > 14 {
		return nil, &PatternError{Msg: fmt.Sprintf("%d groups: a hand has at most 14", len(fields))}
	}
	p := &pattern{}
	for _, f := range fields {
		g := group{text: f}
		parts := strings.Split(f, "|")
		for i, part := range parts {
			a, err := parseGroupAlt(part, f)
			if err != nil {
				return nil, err
			}
			if i > 0 && len(a.elems) != len(g.alts[0].elems) {
				return nil, &PatternError{Group: f, Msg: fmt.Sprintf("alternatives have different sizes (%d and %d tiles)", len(g.alts[0].elems), len(a.elems))}
			}
			for _, e := range a.elems {
				if e.kind == elX {
					p.usesX = true
				}
			}
			if a.suf >= sufA && a.suf <= sufC {
				p.vars[a.suf-sufA] = true
			}
			g.alts = append(g.alts, a)
		}
		p.tiles += len(g.alts[0].elems)
		p.groups = append(p.groups, g)
	}
	switch {
	case p.vars[1] && !p.vars[0]:
		return nil, &PatternError{Msg: "suit variable b is used without a: name the suits a, b, c in that order"}
	case p.vars[2] && !(p.vars[0] && p.vars[1]):
		return nil, &PatternError{Msg: "suit variable c is used without a and b: name the suits a, b, c in that order"}
	}
	return p, nil
}

// parseGroupAlt reads one alternative of a group ("XXXX+1b", "2026a", "NN").
func parseGroupAlt(s, whole string) (groupAlt, error) {
	pa, err := pat.ParseAlt(s, whole, pat.Cards)
	if err != nil {
		return groupAlt{}, err
	}
	a := groupAlt{text: s, suf: pa.Suffix, elems: make([]elem, len(pa.Elems))}
	for i, e := range pa.Elems {
		a.elems[i] = elem{kind: e.Kind, val: e.Val}
	}
	return a, nil
}
