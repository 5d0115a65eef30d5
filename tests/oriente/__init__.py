"""Tests of the Oriente model."""
