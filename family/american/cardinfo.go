package american

import "fmt"

// CardInfo is one built-in card as `mjref card list` and the server's GET /v1/cards list it.
type CardInfo struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Year  int    `json:"year,omitempty"`
	Lines int    `json:"lines"`
}

// CardInfos describes every built-in card, in ListCards order.
func CardInfos() ([]CardInfo, error) {
	items := []CardInfo{}
	for _, name := range ListCards() {
		c, err := LoadCardFrom(nil, name)
		if err != nil {
			return nil, fmt.Errorf("built-in card %s: %w", name, err) // a bug: built-in cards are tested
		}
		items = append(items, CardInfo{Name: name, Title: c.Name, Year: c.Year, Lines: len(c.Lines)})
	}
	return items, nil
}
