"""Writers: render a Hand back to text formats."""
