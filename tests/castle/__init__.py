"""Tests of The White Castle."""
