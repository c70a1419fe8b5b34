package family

// Shape says where a family's score document keeps what a front end shows of it, so a page renders
// every family's result from this description and names no family: the total and what it counts,
// the itemised list and each item's value, and the further facts worth a line of their own (an
// American hand's card line, a riichi hand's han and fu). Paths are JSON field names joined by dots
// ("points.total").
type Shape struct {
	// Unit is what the total counts ("faan", "value", "points"); Total is its path.
	Unit  string `json:"unit"`
	Total string `json:"total"`
	// Items is the path of the itemised list; ItemValue the field of each item's value, counted in
	// ItemUnit.
	Items     string `json:"items"`
	ItemValue string `json:"item_value"`
	ItemUnit  string `json:"item_unit"`
	// Facts are further fields shown each on a line, in order.
	Facts []Fact `json:"facts,omitempty"`
}

// Fact is one further field of a result: its path and the word a page labels it with ("line",
// "jokers", "han"), a key of the page's words.
type Fact struct {
	Path string `json:"path"`
	Word string `json:"word"`
}

// Shaped is a Family that describes its score document (Shape): the page's catalog
// (engine.Catalog) carries it.
type Shaped interface {
	Shape() Shape
}
