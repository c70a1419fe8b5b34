// Package points scores DeBurger House Rules 2026 hands: points for every player.
package points

// Rules is the deburger: section of a ruleset.
type Rules struct{}
