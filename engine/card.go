package engine

import (
	amfamily "github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/american"
)

// LoadCard loads an American card: a built-in card by name or a card file by path, checked and
// expanded. A card that does not load is bad input listing every problem with its YAML line.
// A card with some lines bad loads with its good ones: its Warnings name each line left out, with
// its YAML line and what was wrong.
func LoadCard(name string) (*american.Card, error) { return amfamily.LoadCard(name) }

// CheckCardFrom loads a card as LoadCard does but refuses one with any line left out, as bad
// input listing every such line (what `mjref card check` does); repeated alternatives stay
// warnings. With that error the card is returned too when it loaded, for its other warnings. It
// reads a card file through files (nil: the file system; rulesets.WithStdin for a card piped in,
// named rulesets.StdinName).
func CheckCardFrom(files rulesets.Files, name string) (*american.Card, error) {
	return amfamily.CheckCardFrom(files, name)
}

// ListCards returns the names of the built-in American cards ("sample-2026"), sorted.
func ListCards() []string { return amfamily.ListCards() }
