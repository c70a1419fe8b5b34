package engine

import (
	amfamily "github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/scoring/american"
)

// LoadCard loads an American card: a built-in card by name or a card file by path, checked and
// expanded. A card that does not load is bad input listing every problem with its YAML line.
func LoadCard(name string) (*american.Card, error) { return amfamily.LoadCard(name) }
