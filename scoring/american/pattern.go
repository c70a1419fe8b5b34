package american

import (
	"fmt"
	"strings"
)

// elemKind is the kind of one symbol of a group.
type elemKind uint8

const (
	elNum     elemKind = iota + 1 // val: 1..9
	elX                           // val: the offset 0..8
	elDragon                      // D
	elZero                        // 0
	elFlower                      // F
	elWind                        // val: 0 East .. 3 North
	elAnyWind                     // Z
)

// elem is one tile of a group as written.
type elem struct {
	kind elemKind
	val  int8
}

// suffix is a group's suit suffix.
type suffix uint8

const (
	sufNone suffix = iota
	sufA
	sufB
	sufC
	sufM
	sufP
	sufS
	sufAny
)

func (s suffix) String() string { return [...]string{"", "a", "b", "c", "m", "p", "s", "*"}[s] }

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
type PatternError struct {
	Group string // the group as written, or "" for the whole pattern
	Msg   string
}

// Error returns `group "XXXX+9a": msg`.
func (e *PatternError) Error() string {
	if e.Group == "" {
		return e.Msg
	}
	return fmt.Sprintf("group %q: %s", e.Group, e.Msg)
}

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
	a := groupAlt{text: s}
	if s == "" {
		return a, &PatternError{Group: whole, Msg: "empty alternative around '|'"}
	}
	body := s
	switch last := s[len(s)-1]; last {
	case 'a', 'b', 'c', 'm', 'p', 's', '*':
		a.suf = map[byte]suffix{'a': sufA, 'b': sufB, 'c': sufC, 'm': sufM, 'p': sufP, 's': sufS, '*': sufAny}[last]
		body = s[:len(s)-1]
	}
	suited := false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '1' && c <= '9':
			a.elems = append(a.elems, elem{kind: elNum, val: int8(c - '0')})
			suited = true
		case c == '0':
			a.elems = append(a.elems, elem{kind: elZero})
		case c == 'X':
			a.elems = append(a.elems, elem{kind: elX, val: -1}) // -1: offset not yet given
			suited = true
		case c == '+':
			j := i + 1
			for j < len(body) && body[j] >= '0' && body[j] <= '9' {
				j++
			}
			if j == i+1 || j-i-1 > 1 {
				return a, &PatternError{Group: whole, Msg: "'+' must be followed by one digit, as in X+1"}
			}
			off := int8(body[i+1] - '0')
			if off > 8 {
				return a, &PatternError{Group: whole, Msg: "an offset is at most +8"}
			}
			n := 0
			for k := len(a.elems) - 1; k >= 0 && a.elems[k].kind == elX && a.elems[k].val < 0; k-- {
				a.elems[k].val = off
				n++
			}
			if n == 0 {
				return a, &PatternError{Group: whole, Msg: "'+' must follow X, as in XXX+1"}
			}
			i = j - 1
		case c == 'D':
			a.elems = append(a.elems, elem{kind: elDragon})
			suited = true
		case c == 'F':
			a.elems = append(a.elems, elem{kind: elFlower})
		case c == 'E' || c == 'S' || c == 'W' || c == 'N':
			a.elems = append(a.elems, elem{kind: elWind, val: int8(strings.IndexByte("ESWN", c))})
		case c == 'Z':
			a.elems = append(a.elems, elem{kind: elAnyWind})
		default:
			return a, &PatternError{Group: whole, Msg: fmt.Sprintf("unknown symbol %q: expected 1-9, 0, X, X+k, D, F, N, E, W, S, Z and a suit suffix a, b, c, m, p, s or *", rune(s[i]))}
		}
	}
	for k := range a.elems {
		if a.elems[k].kind == elX && a.elems[k].val < 0 {
			a.elems[k].val = 0
		}
	}
	switch {
	case len(a.elems) == 0:
		return a, &PatternError{Group: whole, Msg: "a group needs at least one tile"}
	case len(a.elems) > 14:
		return a, &PatternError{Group: whole, Msg: "a group has at most 14 tiles"}
	case suited && a.suf == sufNone:
		return a, &PatternError{Group: whole, Msg: "suit suffix missing: a group with numbers, X or D ends in a, b, c, m, p, s or *"}
	case !suited && a.suf != sufNone:
		return a, &PatternError{Group: whole, Msg: fmt.Sprintf("suit suffix %q not allowed: only a group with numbers, X or D takes a suit", a.suf.String())}
	}
	return a, nil
}
