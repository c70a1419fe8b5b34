package server

import "net/http"

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {}
