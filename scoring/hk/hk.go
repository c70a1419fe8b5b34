// Package hk scores Hong Kong hands in faan under a ruleset.
package hk

// Rules is the hk: section of a ruleset.
type Rules struct{}
