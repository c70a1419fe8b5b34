// Package american matches American mahjong hands against a card.
package american

// Rules is the american: section of a ruleset.
type Rules struct{}
